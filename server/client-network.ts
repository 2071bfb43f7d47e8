import crypto from "node:crypto";
import ipaddr from "ipaddr.js";

/**
 * The client network the per-address limits count: an IPv4 address whole, an IPv6 address by its /64 network. A
 * device on IPv6 picks new addresses within its /64 at will (privacy addresses), so counting whole addresses would let
 * it step past every limit; a /64 is one household's or one campus network's share, like one IPv4 address behind NAT.
 * An IPv4 address written as IPv6 (::ffff:1.2.3.4) counts as that IPv4 address. Anything unparsable counts as itself.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}

/** A rate-limit counter's key for a client's network: `<counter>:ip:` and a hash of the network, never the address. */
export const networkLimitKey = (counter: string, ip: string): string =>
  `${counter}:ip:${crypto.createHash("sha256").update(clientNetwork(ip)).digest("hex")}`;

/**
 * Where a client roughly is, without its address: the /24 of an IPv4 address or the /48 of an IPv6 one (a provider's
 * or a campus's block, not a household). What the admin's list of sessions shows, and the audit log keeps.
 */
export function addressPrefix(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const [a, b, c] = (address as ipaddr.IPv6).parts.map((part) => part.toString(16));
  return `${a}:${b}:${c}::/48`;
}
