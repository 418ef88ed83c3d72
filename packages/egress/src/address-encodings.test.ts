import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AddressPolicy, forbiddenAddressReason, metadataAddressReason } from "./address-policy.js";

// Every spelling of an address an attacker can hand the policy: IPv6 embeddings of an IPv4
// address (RFC 4291, 6052, 7915, 3056, 4380) and the IPv4 text forms inet_aton and URL parsers
// accept. Nothing here connects anywhere: only the policy functions are called.

type Quad = [number, number, number, number];
const METADATA = "a cloud metadata address";

/** Both settings: WEBHOOK_/DOWNLOAD_ALLOW_PRIVATE_ADDRESSES false and true. */
const POLICIES: readonly [string, AddressPolicy][] = [
  ["private addresses refused", forbiddenAddressReason],
  ["private addresses allowed", metadataAddressReason],
];

const IPV4_CREDENTIAL_ENDPOINTS: Quad[] = [
  [169, 254, 169, 254], // AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack instance metadata
  [169, 254, 170, 2], // AWS ECS task credentials
  [169, 254, 170, 23], // AWS EKS Pod Identity
  [100, 100, 100, 200], // Alibaba Cloud metadata
  [192, 0, 0, 192], // Oracle Cloud metadata
  [168, 63, 129, 16], // Azure WireServer
];
const IPV6_CREDENTIAL_ENDPOINTS = ["fd00:ec2::254", "fd00:ec2::23", "fd20:ce::254"];

/** IPv4 ranges refused with production settings: [network, prefix length]. */
const REFUSED_IPV4: [Quad, number][] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

const toInt = (q: Quad) => ((q[0] << 24) | (q[1] << 16) | (q[2] << 8) | q[3]) >>> 0;
const toQuad = (n: number): Quad => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const dotted = (q: Quad) => q.join(".");

const refusedIpv4 = fc
  .tuple(fc.constantFrom(...REFUSED_IPV4), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([[network, prefix], noise]) => {
    const host = prefix === 32 ? 0 : noise & (2 ** (32 - prefix) - 1);
    return toQuad((toInt(network) + host) >>> 0);
  });

const word = fc.integer({ min: 0, max: 0xffff });
/** What an encoding may put around the IPv4 address: a subnet, an interface id, a Teredo server. */
const filler = fc.record({ words: fc.array(word, { minLength: 5, maxLength: 5 }), server: fc.nat() });
/** How the text is written: lower or upper case, leading zeros or not. */
const style = fc.record({ upper: fc.boolean(), pad: fc.boolean() });
type Filler = { words: number[]; server: number };
type Style = { upper: boolean; pad: boolean };

/** The eight 16-bit groups of each IPv6 encoding of `q`. */
function encodings(q: Quad, f: Filler): [string, number[]][] {
  const hi = (q[0] << 8) | q[1];
  const lo = (q[2] << 8) | q[3];
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0] = f.words;
  const server = toQuad(f.server >>> 0);
  return [
    ["IPv4-mapped", [0, 0, 0, 0, 0, 0xffff, hi, lo]],
    ["SIIT-translated", [0, 0, 0, 0, 0xffff, 0, hi, lo]],
    ["IPv4-compatible", [0, 0, 0, 0, 0, 0, hi, lo]],
    ["NAT64 well-known", [0x64, 0xff9b, 0, 0, 0, 0, hi, lo]],
    ["NAT64 local-use /96", [0x64, 0xff9b, 1, 0, 0, 0, hi, lo]],
    ["NAT64 local-use /48", [0x64, 0xff9b, 1, hi, q[2], (q[3] << 8) | (w0 & 0xff), w1, w2]],
    ["6to4", [0x2002, hi, lo, w0, w1, w2, w3, w4]],
    // Teredo: server address in the clear, client address with every bit flipped.
    [
      "Teredo",
      [
        0x2001,
        0,
        (server[0] << 8) | server[1],
        (server[2] << 8) | server[3],
        w0,
        w1,
        hi ^ 0xffff,
        lo ^ 0xffff,
      ],
    ],
  ];
}

/** Several texts of one IPv6 address: written out in full (styled), and as a URL parser compresses it. */
function spellings(groups: number[], s: Style, q: Quad, dottedTail: boolean): string[] {
  const full = groups
    .map((g) => (s.pad ? g.toString(16).padStart(4, "0") : g.toString(16)))
    .join(":")
    .replace(/[a-f]/g, (c) => (s.upper ? c.toUpperCase() : c));
  const compressed = new URL(`http://[${full}]/`).hostname.slice(1, -1);
  const texts = [full, compressed];
  if (dottedTail)
    texts.push(
      `${groups
        .slice(0, 6)
        .map((g) => g.toString(16))
        .join(":")}:${dotted(q)}`,
    );
  return texts;
}

function everyIpv6Spelling(q: Quad, f: Filler, s: Style): string[] {
  return encodings(q, f).flatMap(([name, groups]) =>
    spellings(groups, s, q, !name.startsWith("6to4") && !name.startsWith("Teredo") && !name.endsWith("/48")),
  );
}

/** IPv4 text forms that inet_aton (and so DNS lookups) and URL parsers read as `q`. */
function ipv4Texts(q: Quad, upper: boolean): string[] {
  const n = toInt(q);
  const hex = (x: number) => `0x${upper ? x.toString(16).toUpperCase() : x.toString(16)}`;
  const oct = (x: number) => `0${x.toString(8)}`;
  return [
    String(n),
    hex(n),
    oct(n),
    q.map(oct).join("."),
    q.map(hex).join("."),
    `${q[0]}.${hex(q[1])}.${oct(q[2])}.${q[3]}`,
    `${q[0]}.${q[1]}.${(q[2] << 8) | q[3]}`,
    `${q[0]}.${(q[1] << 16) | (q[2] << 8) | q[3]}`,
  ];
}

describe("credential and metadata endpoints", () => {
  it.each(POLICIES)("are refused in every IPv6 encoding (%s)", (_, policy) => {
    fc.assert(
      fc.property(fc.constantFrom(...IPV4_CREDENTIAL_ENDPOINTS), filler, style, (q, f, s) => {
        for (const address of [dotted(q), ...everyIpv6Spelling(q, f, s)]) {
          expect(policy(address), address).toBe(METADATA);
        }
      }),
    );
  });

  it.each(POLICIES)("are refused as IPv6 addresses however they are written (%s)", (_, policy) => {
    fc.assert(
      fc.property(fc.constantFrom(...IPV6_CREDENTIAL_ENDPOINTS), style, (endpoint, s) => {
        const [head = "", tail = ""] = endpoint.split("::");
        const [left, right] = [head.split(":"), tail.split(":")];
        const full = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
          .map((g) => (s.pad ? g.padStart(4, "0") : g))
          .join(":")
          .replace(/[a-f]/g, (c) => (s.upper ? c.toUpperCase() : c));
        expect(policy(full), full).toBe(METADATA);
        expect(policy(endpoint)).toBe(METADATA);
      }),
    );
  });

  it.each(POLICIES)(
    "are refused in every IPv4 text form a resolver or URL parser reads (%s)",
    (_, policy) => {
      fc.assert(
        fc.property(fc.constantFrom(...IPV4_CREDENTIAL_ENDPOINTS), fc.boolean(), (q, upper) => {
          for (const text of ipv4Texts(q, upper)) {
            // The URL path turns every such form into the canonical dotted quad before any check...
            expect(new URL(`http://${text}/`).hostname, text).toBe(dotted(q));
            // ...and the policy refuses the raw text too, should it ever see it.
            expect(policy(text), text).toBe(METADATA);
          }
        }),
      );
    },
  );

  it("refuses text that is no address at all even when private addresses are allowed", () => {
    for (const text of ["localhost", "metadata.google.internal", "", "1.2.3.4.5", "0x1.0x1.0x1.0x1.0x1"]) {
      expect(metadataAddressReason(text), text).toBe("not an IP address");
    }
  });
});

describe("internal addresses (private addresses refused)", () => {
  it("are refused in every IPv6 encoding and IPv4 text form", () => {
    fc.assert(
      fc.property(refusedIpv4, filler, style, fc.boolean(), (q, f, s, upper) => {
        for (const address of [dotted(q), ...everyIpv6Spelling(q, f, s), ...ipv4Texts(q, upper)]) {
          expect(forbiddenAddressReason(address), address).toBeDefined();
        }
      }),
    );
  });

  it("judge non-canonical IPv4 text exactly as the dotted quad it stands for", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.boolean(), (n, upper) => {
        const q = toQuad(n);
        for (const text of ipv4Texts(q, upper)) {
          expect(forbiddenAddressReason(text), text).toBe(forbiddenAddressReason(dotted(q)));
        }
      }),
    );
  });

  it.each(["::ffff:0:8.8.8.8", "::ffff:0:808:808", "::8.8.8.8", "2001:0:4136:e378:8000:63bf:3fff:fdd2"])(
    "refuses %s, which no public service uses, even around a public IPv4 address",
    (address) => {
      expect(forbiddenAddressReason(address)).toBeDefined();
    },
  );
});
