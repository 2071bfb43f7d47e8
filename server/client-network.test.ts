import { describe, expect, test } from "vitest";
import { clientNetwork } from "./client-network";

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
