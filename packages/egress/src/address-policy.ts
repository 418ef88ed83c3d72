import { BlockList } from "node:net";
import { embeddedIpv4, ipFamily } from "./ip-address.js";

/** Ranges an outbound call may never reach unless private addresses are allowed; first match names it. */
const RANGES: readonly (readonly [label: string, cidr: string])[] = [
  ["a cloud metadata address", "169.254.169.254/32"],
  ["a cloud metadata address", "fd00:ec2::254/128"],
  ["a cloud metadata address", "100.100.100.200/32"],
  // Azure's platform endpoint (WireServer): it hands out the VM's certificates and settings.
  ["a cloud metadata address", "168.63.129.16/32"],
  ["an unspecified address", "0.0.0.0/8"],
  ["a loopback address", "127.0.0.0/8"],
  ["a private address", "10.0.0.0/8"],
  ["a private address", "172.16.0.0/12"],
  ["a private address", "192.168.0.0/16"],
  ["a shared (CGNAT) address", "100.64.0.0/10"],
  ["a link-local address", "169.254.0.0/16"],
  ["a reserved address", "192.0.0.0/24"],
  ["a documentation address", "192.0.2.0/24"],
  ["a documentation address", "198.51.100.0/24"],
  ["a documentation address", "203.0.113.0/24"],
  ["a reserved address", "198.18.0.0/15"],
  ["a multicast address", "224.0.0.0/4"],
  ["a reserved address", "240.0.0.0/4"],
  ["an unspecified address", "::/128"],
  ["a loopback address", "::1/128"],
  ["a reserved address", "::/96"],
  ["a reserved address", "100::/64"],
  ["a reserved address", "2001::/32"],
  ["a documentation address", "2001:db8::/32"],
  ["a private address", "fc00::/7"],
  ["a link-local address", "fe80::/10"],
  ["a site-local address", "fec0::/10"],
  ["a multicast address", "ff00::/8"],
];

const RULES = RANGES.map(([label, cidr]) => {
  const [network = "", prefix = ""] = cidr.split("/");
  const list = new BlockList();
  list.addSubnet(network, Number(prefix), ipFamily(network) === 4 ? "ipv4" : "ipv6");
  return { label, list };
});

function match(address: string): string | undefined {
  const family = ipFamily(address);
  if (family === undefined) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  return RULES.find((rule) => rule.list.check(address, type))?.label;
}

/** Why a connection to an address is refused, or undefined when it is allowed. */
export type AddressPolicy = (address: string) => string | undefined;

/**
 * Why an outbound call must not connect to `address` (e.g. "a loopback address"), or undefined
 * when it is a public address. IPv6 forms that carry an IPv4 address are judged by that address too.
 */
export function forbiddenAddressReason(address: string): string | undefined {
  const own = match(address);
  if (own) return own;
  const inner = embeddedIpv4(address);
  return inner === undefined ? undefined : match(inner);
}

const METADATA = "a cloud metadata address";

/**
 * Why an outbound call must not connect to `address` even when private addresses are allowed
 * (tests and demos with a loopback server, a source API on the operator's network): a cloud
 * metadata endpoint never serves tender documents or API pages, and reaching it would hand out
 * the host's credentials. Undefined for every other address.
 */
export function metadataAddressReason(address: string): string | undefined {
  return forbiddenAddressReason(address) === METADATA ? METADATA : undefined;
}
