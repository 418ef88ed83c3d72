import { isIPv4, isIPv6 } from "node:net";

/** The 16 bytes of an IPv6 address, or undefined when `address` is not one. */
export function ipv6Bytes(address: string): Uint8Array | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.split("%")[0] ?? "";
  const bytes = new Uint8Array(16);
  // A trailing dotted quad ("::ffff:1.2.3.4") stands for the last two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tail: number[] = [];
  if (quad?.[1]) {
    tail = quad[1].split(".").map(Number);
    text = `${text.slice(0, -quad[1].length)}0:0`;
  }
  const [head = "", rest] = text.split("::");
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const left = groupsOf(head);
  const right = rest === undefined ? [] : groupsOf(rest);
  const groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  if (tail.length === 4) bytes.set(tail, 12);
  return bytes;
}

/**
 * The IPv4 address an IPv6 address carries: IPv4-mapped (`::ffff:a.b.c.d`), NAT64 with the
 * well-known prefix (`64:ff9b::/96`) or the local-use prefix (`64:ff9b:1::/48`, RFC 8215), or
 * 6to4 (`2002:AABB:CCDD::/48`). Undefined otherwise.
 */
export function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  if (!b) return undefined;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const quad = (...at: number[]) => at.map((i) => b[i]).join(".");
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return quad(12, 13, 14, 15);
  const nat64 = b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b;
  if (nat64 && zeros(4, 12)) return quad(12, 13, 14, 15);
  if (nat64 && b[4] === 0 && b[5] === 1) {
    // Inside the local-use /48 an operator picks the prefix length (RFC 6052): a /96 puts the
    // IPv4 address in the last 32 bits; the /48 form puts it around the reserved octet 8.
    return zeros(6, 12) ? quad(12, 13, 14, 15) : quad(6, 7, 9, 10);
  }
  if (b[0] === 0x20 && b[1] === 0x02) return quad(2, 3, 4, 5);
  return undefined;
}

/** `a.b.c.d` or an IPv6 address without brackets; `[::1]` (a URL hostname) becomes `::1`. */
export function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

export function ipFamily(address: string): 4 | 6 | undefined {
  if (isIPv4(address)) return 4;
  if (isIPv6(address)) return 6;
  return undefined;
}
