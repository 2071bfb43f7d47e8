import { describe, expect, test } from "vitest";
import { addressPrefix, clientNetwork } from "./client-network";

describe("the client network the per-address limits count", () => {
  test("an IPv4 address counts whole, also when written as IPv6", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("203.0.113.8")).not.toBe(clientNetwork("203.0.113.7"));
  });

  test("IPv6 addresses count by their /64: one device's privacy addresses are one client, the next /64 another", () => {
    const network = clientNetwork("2001:db8:abcd:12::1");
    expect(network).toBe("2001:db8:abcd:12::/64");
    expect(clientNetwork("2001:0db8:abcd:0012:9f3c:55aa:1:2")).toBe(network);
    expect(clientNetwork("2001:db8:abcd:13::1")).not.toBe(network);
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });

  test("something that is not an address counts as itself", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});

describe("the address prefix a session and the audit log show", () => {
  test("IPv4 by its /24, also when written as IPv6; IPv6 by its /48; anything else is unknown", () => {
    expect(addressPrefix("203.0.113.77")).toBe("203.0.113.0/24");
    expect(addressPrefix("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
    expect(addressPrefix("2001:db8:abcd:12:1::5")).toBe("2001:db8:abcd::/48");
    expect(addressPrefix("not an address")).toBeNull();
  });
});
