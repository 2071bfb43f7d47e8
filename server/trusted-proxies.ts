import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * The widest subnets TRUST_PROXY may name. The proxies in front of the site sit in one network; a wider subnet (up to
 * 0.0.0.0/0 or ::/0, everyone) takes clients for proxies and believes the X-Forwarded-For they write, so every
 * per-address limit would count whatever address a client claims.
 */
const WIDEST_TRUSTED_PREFIX = { ipv4: 8, ipv6: 32 } as const;

/** IPv6's spelling of every IPv4 address (::ffff:a.b.c.d), which Express matches against IPv6 subnets too. */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet("::ffff:0:0", 96, "ipv6");

interface Subnet {
  family: "ipv4" | "ipv6";
  address: string;
  prefix: number;
}

/** An IPv4 netmask's prefix length (255.255.0.0 is 16); undefined when its ones are not contiguous. */
function maskLength(mask: string): number | undefined {
  const bits = mask
    .split(".")
    .map((octet) => Number(octet).toString(2).padStart(8, "0"))
    .join("");
  const ones = bits.includes("0") ? bits.indexOf("0") : bits.length;
  return bits.slice(ones).includes("1") ? undefined : ones;
}

/** An address or subnet as Express's "trust proxy" reads it (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fd00::/8`, one address). */
function parseSubnet(entry: string): Subnet | undefined {
  const slash = entry.lastIndexOf("/");
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : undefined;
  if (!family) return undefined;
  const max = family === "ipv4" ? 32 : 128;
  const range = slash === -1 ? String(max) : entry.slice(slash + 1);
  const prefix = /^\d{1,3}$/.test(range) ? Number(range) : family === "ipv4" && isIPv4(range) ? maskLength(range) : undefined;
  return prefix !== undefined && prefix <= max ? { family, address, prefix } : undefined;
}

/** How many leading bits of an IPv4 address the subnet fixes, for an IPv6 subnet of IPv4-mapped addresses; else undefined. */
function ipv4Prefix({ family, address, prefix }: Subnet): number | undefined {
  if (family === "ipv4") return prefix;
  const subnet = new BlockList();
  subnet.addSubnet(address, prefix, "ipv6");
  // Holds all of ::ffff:0:0/96: every IPv4 client.
  if (subnet.check("::ffff:0.0.0.0", "ipv6") && subnet.check("::ffff:255.255.255.255", "ipv6")) return 0;
  return prefix > 96 && IPV4_MAPPED.check(address, "ipv6") ? prefix - 96 : undefined;
}

/**
 * Why a comma-separated TRUST_PROXY list of addresses and subnets cannot be used, as the end of "expected …", or
 * undefined when it can: an entry that is no address or subnet, or one wider than WIDEST_TRUSTED_PREFIX.
 */
export function trustedProxiesProblem(list: string): string | undefined {
  for (const entry of list.split(",").map((part) => part.trim())) {
    const subnet = parseSubnet(entry);
    if (!subnet) return `the proxies' addresses or subnets, comma-separated (${JSON.stringify(entry)} is neither)`;
    const v4 = ipv4Prefix(subnet);
    const tooWide = v4 !== undefined ? v4 < WIDEST_TRUSTED_PREFIX.ipv4 : subnet.prefix < WIDEST_TRUSTED_PREFIX.ipv6;
    if (tooWide) {
      return (
        `subnets no wider than /${WIDEST_TRUSTED_PREFIX.ipv4} (IPv4) or /${WIDEST_TRUSTED_PREFIX.ipv6} (IPv6): ${entry} takes clients ` +
        "for proxies and would believe the X-Forwarded-For they write"
      );
    }
  }
  return undefined;
}
