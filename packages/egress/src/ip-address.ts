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
 * Every IPv4 address an IPv6 address may carry, so a policy can judge each: IPv4-mapped
 * (`::ffff:a.b.c.d`), SIIT-translated (`::ffff:0:a.b.c.d`, RFC 7915), IPv4-compatible
 * (`::a.b.c.d`), NAT64 with the well-known prefix (`64:ff9b::/96`) or the local-use prefix
 * (`64:ff9b:1::/48`, RFC 8215), 6to4 (`2002:AABB:CCDD::/48`) and Teredo (`2001:0::/32`: the
 * server, and the client with its bits flipped). Empty for any other address.
 */
export function embeddedIpv4s(address: string): string[] {
  const b = ipv6Bytes(address);
  if (!b) return [];
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const quad = (...at: number[]) => at.map((i) => b[i]).join(".");
  const last = quad(12, 13, 14, 15);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return [last];
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return [last];
  if (zeros(0, 12)) return [last];
  const nat64 = b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b;
  if (nat64 && zeros(4, 12)) return [last];
  if (nat64 && b[4] === 0 && b[5] === 1) {
    // Inside the local-use /48 an operator picks the prefix length (RFC 6052): a /96 puts the
    // IPv4 address in the last 32 bits; the /48 form puts it around the reserved octet 8.
    return zeros(6, 12) ? [last] : [quad(6, 7, 9, 10)];
  }
  if (b[0] === 0x20 && b[1] === 0x02) return [quad(2, 3, 4, 5)];
  if (b[0] === 0x20 && b[1] === 0x01 && zeros(2, 4)) {
    const client = [12, 13, 14, 15].map((i) => (b[i] ?? 0) ^ 0xff).join(".");
    return [quad(4, 5, 6, 7), client];
  }
  return [];
}

/**
 * The dotted quad that an IPv4 text in any form inet_aton and URL parsers accept stands for:
 * `2852039166`, `0xa9fea9fe`, `0251.0376.0251.0376`, `169.254.43518`... Undefined for other text.
 */
export function parseIpv4Text(text: string): string | undefined {
  const parts = text.split(".");
  if (parts.length > 4) return undefined;
  const numbers = parts.map(parseIpv4Part);
  if (numbers.some((n) => n === undefined)) return undefined;
  const values = numbers as number[];
  const head = values.slice(0, -1);
  const tail = values.at(-1) ?? 0;
  if (head.some((n) => n > 255) || tail >= 2 ** (8 * (5 - values.length))) return undefined;
  const total = head.reduce((sum, n, i) => sum + n * 2 ** (8 * (3 - i)), 0) + tail;
  return [24, 16, 8, 0].map((shift) => Math.floor(total / 2 ** shift) % 256).join(".");
}

function parseIpv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return undefined;
}

/** The address `text` stands for: IPv6 and dotted-quad text as they are, other IPv4 forms as a dotted quad. */
export function canonicalAddress(text: string): string | undefined {
  return ipFamily(text) === undefined ? parseIpv4Text(text) : text;
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
