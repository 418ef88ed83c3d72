import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, metadataAddressReason } from "./address-policy.js";
import { embeddedIpv4s, ipv6Bytes } from "./ip-address.js";

describe("forbiddenAddressReason", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.1.2", "a loopback address"],
    ["::1", "a loopback address"],
    ["10.1.2.3", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["fd12:3456::1", "a private address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["168.63.129.16", "a cloud metadata address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["169.254.10.1", "a link-local address"],
    ["fe80::1", "a link-local address"],
    ["0.0.0.0", "an unspecified address"],
    ["0.1.2.3", "an unspecified address"],
    ["::", "an unspecified address"],
    ["100.64.0.1", "a shared (CGNAT) address"],
    ["100.127.255.254", "a shared (CGNAT) address"],
    ["224.0.0.1", "a multicast address"],
    ["ff02::1", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
    ["192.0.2.10", "a documentation address"],
  ])("refuses %s as %s", (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each([
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:169.254.169.254", "a cloud metadata address"],
    ["64:ff9b::10.0.0.1", "a private address"],
    ["64:ff9b::a9fe:a9fe", "a cloud metadata address"],
    ["2002:c0a8:0101::1", "a private address"],
    ["64:ff9b:1::10.0.0.1", "a private address"],
    ["64:ff9b:1::a9fe:a9fe", "a cloud metadata address"],
    ["64:ff9b:1:7f00:0:100::", "a loopback address"],
    ["64:ff9b:1:a83f:81:1000::", "a cloud metadata address"],
  ])("judges %s by the IPv4 address it carries (%s)", (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2a00:1450:4001:80b::200e",
    "64:ff9b::808:808",
    "64:ff9b:1::808:808",
    "64:ff9b:1:808:8:800::",
  ])("allows the public address %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeUndefined();
  });

  it("refuses what is not an IP address", () => {
    expect(forbiddenAddressReason("localhost")).toBe("not an IP address");
  });
});

describe("metadataAddressReason (private addresses allowed)", () => {
  it("still refuses cloud metadata addresses, in every spelling", () => {
    for (const address of [
      "169.254.169.254",
      "fd00:ec2::254",
      "100.100.100.200",
      "168.63.129.16",
      "::ffff:169.254.169.254",
      "64:ff9b::a83f:8110",
      "64:ff9b:1::a83f:8110",
    ]) {
      expect(metadataAddressReason(address)).toBe("a cloud metadata address");
    }
  });

  it("allows loopback, private and link-local addresses", () => {
    for (const address of ["127.0.0.1", "::1", "10.1.2.3", "192.168.1.1", "169.254.10.1"]) {
      expect(metadataAddressReason(address)).toBeUndefined();
    }
  });
});

describe("IPv6 parsing", () => {
  it("expands compressed and dotted forms", () => {
    expect(Array.from(ipv6Bytes("::1") ?? [])).toEqual([...new Array(15).fill(0), 1]);
    expect(Array.from(ipv6Bytes("2001:db8::ff00:42:8329") ?? []).slice(10)).toEqual([
      0xff, 0, 0, 0x42, 0x83, 0x29,
    ]);
    expect(Array.from(ipv6Bytes("::ffff:1.2.3.4") ?? []).slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes("1.2.3.4")).toBeUndefined();
  });
  it("finds IPv4 addresses only where they are embedded", () => {
    expect(embeddedIpv4s("::ffff:1.2.3.4")).toEqual(["1.2.3.4"]);
    expect(embeddedIpv4s("64:ff9b::102:304")).toEqual(["1.2.3.4"]);
    expect(embeddedIpv4s("2002:102:304::")).toEqual(["1.2.3.4"]);
    expect(embeddedIpv4s("64:ff9b:1::102:304")).toEqual(["1.2.3.4"]);
    expect(embeddedIpv4s("64:ff9b:1:102:3:400::")).toEqual(["1.2.3.4"]);
    expect(embeddedIpv4s("::ffff:0:102:304")).toEqual(["1.2.3.4"]);
    expect(embeddedIpv4s("::1.2.3.4")).toEqual(["1.2.3.4"]);
    // Teredo: the server as written, the client with every bit flipped (RFC 4380).
    expect(embeddedIpv4s("2001:0:4136:e378:8000:63bf:fefd:fcfb")).toEqual(["65.54.227.120", "1.2.3.4"]);
    expect(embeddedIpv4s("64:ff9b:2::102:304")).toEqual([]);
    expect(embeddedIpv4s("2a00:1450::1")).toEqual([]);
  });
});

describe("IPv4 addresses hidden in IPv6 (property)", () => {
  const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
  /** Every IPv6 spelling that carries `a.b.c.d` and is decoded to judge it. */
  const carriers = ([a, b, c, d]: number[]) => {
    const [w1, w2] = [hex(a ?? 0, b ?? 0), hex(c ?? 0, d ?? 0)];
    return [
      `::ffff:${a}.${b}.${c}.${d}`,
      `::ffff:${w1}:${w2}`,
      `64:ff9b::${w1}:${w2}`,
      `64:ff9b:1::${w1}:${w2}`,
      `64:ff9b:1:${w1}:${hex(0, c ?? 0)}:${hex(d ?? 0, 0)}::`,
      `2002:${w1}:${w2}::1`,
    ];
  };

  it("judges every carrier of an IPv4 address exactly as that address", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }), (quad) => {
        const inner = forbiddenAddressReason(quad.join("."));
        // None of these IPv6 ranges is refused for itself: the verdict is the IPv4 address's.
        return carriers(quad).every((address) => forbiddenAddressReason(address) === inner);
      }),
    );
  });
});
