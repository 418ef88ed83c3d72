import { BlockList } from "node:net";
import { canonicalAddress, embeddedIpv4s, ipFamily } from "./ip-address.js";

const METADATA = "a cloud metadata address";

/**
 * Endpoints that hand out the host's or the workload's credentials and settings: refused
 * whatever the settings, since none of them ever serves a tender document, an API page or a
 * webhook.
 */
const CREDENTIAL_RANGES: readonly (readonly [label: string, cidr: string])[] = [
  // Instance metadata of AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack...; AWS's DNS and NTP beside it.
  [METADATA, "169.254.169.0/24"],
  // AWS ECS task credentials (169.254.170.2) and EKS Pod Identity (169.254.170.23).
  [METADATA, "169.254.170.0/24"],
  // AWS's IPv6 endpoints: instance metadata (::254), EKS Pod Identity (::23), DNS, NTP.
  [METADATA, "fd00:ec2::/32"],
  [METADATA, "fd20:ce::254/128"], // GCP instance metadata over IPv6
  [METADATA, "100.100.100.200/32"], // Alibaba Cloud
  [METADATA, "192.0.0.192/32"], // Oracle Cloud
  // Azure's platform endpoint (WireServer): it hands out the VM's certificates and settings.
  [METADATA, "168.63.129.16/32"],
];

/** Ranges an outbound call may never reach unless private addresses are allowed; first match names it. */
const RANGES: readonly (readonly [label: string, cidr: string])[] = [
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
  ["a reserved address", "::ffff:0:0:0/96"],
  ["a reserved address", "100::/64"],
  ["a reserved address", "2001::/32"],
  ["a documentation address", "2001:db8::/32"],
  ["a private address", "fc00::/7"],
  ["a link-local address", "fe80::/10"],
  ["a site-local address", "fec0::/10"],
  ["a multicast address", "ff00::/8"],
];

const rulesOf = (ranges: typeof RANGES) =>
  ranges.map(([label, cidr]) => {
    const [network = "", prefix = ""] = cidr.split("/");
    const list = new BlockList();
    list.addSubnet(network, Number(prefix), ipFamily(network) === 4 ? "ipv4" : "ipv6");
    return { label, list };
  });
const CREDENTIAL_RULES = rulesOf(CREDENTIAL_RANGES);
const RULES = rulesOf(RANGES);

function match(rules: typeof RULES, address: string): string | undefined {
  const type = ipFamily(address) === 4 ? "ipv4" : "ipv6";
  return rules.find((rule) => rule.list.check(address, type))?.label;
}

/** Why a connection to an address is refused, or undefined when it is allowed. */
export type AddressPolicy = (address: string) => string | undefined;

/**
 * Why an outbound call must not connect to `address` (e.g. "a loopback address"), or undefined
 * when it is a public address. IPv6 forms that carry an IPv4 address are judged by that address
 * too, and IPv4 text in any form a resolver reads (`2852039166`, `0x7f.1`) as its dotted quad.
 */
export function forbiddenAddressReason(address: string): string | undefined {
  const metadata = metadataAddressReason(address);
  if (metadata) return metadata;
  const canonical = canonicalAddress(address) as string;
  return [canonical, ...embeddedIpv4s(canonical)].map((a) => match(RULES, a)).find(Boolean);
}

/**
 * Why an outbound call must not connect to `address` even when private addresses are allowed
 * (tests and demos with a loopback server, a source API on the operator's network): a cloud
 * metadata or credential endpoint, in any encoding, or text that is not an IP address.
 * Undefined for every other address.
 */
export function metadataAddressReason(address: string): string | undefined {
  const canonical = canonicalAddress(address);
  if (canonical === undefined) return "not an IP address";
  return [canonical, ...embeddedIpv4s(canonical)].map((a) => match(CREDENTIAL_RULES, a)).find(Boolean);
}
