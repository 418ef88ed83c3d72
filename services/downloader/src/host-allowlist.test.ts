import { describe, expect, it } from "vitest";
import { allowlistForSource, createHostAllowlist, isHostEntry, normalizeHost } from "./host-allowlist.js";

describe("host allowlist", () => {
  it("allows a listed name and its subdomains, not look-alikes", () => {
    const allows = createHostAllowlist(["ted.europa.eu"]);
    expect(allows("ted.europa.eu")).toBe(true);
    expect(allows("files.ted.europa.eu")).toBe(true);
    expect(allows("TED.Europa.EU.")).toBe(true);
    expect(allows("evilted.europa.eu")).toBe(false);
    expect(allows("ted.europa.eu.evil.com")).toBe(false);
    expect(allows("europa.eu")).toBe(false);
  });

  it("matches IP address entries exactly, in any IPv6 spelling", () => {
    const allows = createHostAllowlist(["127.0.0.1", "0:0:0:0:0:0:0:1"]);
    expect(allows("127.0.0.1")).toBe(true);
    expect(allows("[::1]")).toBe(true);
    expect(allows("1.127.0.0.1")).toBe(false);
    expect(allows("127.0.0.2")).toBe(false);
  });

  it("allows every host with *", () => {
    expect(createHostAllowlist(["*"])("anything.example")).toBe(true);
    expect(createHostAllowlist([])("anything.example")).toBe(false);
  });

  it("starts from each source's default hosts and adds the operator's", () => {
    expect(allowlistForSource("ted", [])("ted.europa.eu")).toBe(true);
    expect(allowlistForSource("ted", [])("www.contractsfinder.service.gov.uk")).toBe(false);
    expect(allowlistForSource("contracts_finder", [])("www.contractsfinder.service.gov.uk")).toBe(true);
    expect(allowlistForSource("contracts_finder", ["in-tendhost.co.uk"])("in-tendhost.co.uk")).toBe(true);
    expect(allowlistForSource("unknown", [])("ted.europa.eu")).toBe(false);
    expect(allowlistForSource("constructor", [])("ted.europa.eu")).toBe(false);
    expect(allowlistForSource(undefined, ["docs.example"])("docs.example")).toBe(true);
  });

  it("accepts names, addresses and * as entries, nothing else", () => {
    for (const entry of ["example.org", "*", "127.0.0.1", "::1", "[::1]", "a-b.c1.example", "Example.ORG."]) {
      expect(isHostEntry(entry)).toBe(true);
    }
    for (const entry of [
      "http://example.org",
      "example.org/path",
      "*.example.org",
      "-bad.example",
      "a b",
      "ex_ample.org",
    ]) {
      expect(isHostEntry(entry)).toBe(false);
    }
    expect(normalizeHost(" [0:0::1] ")).toBe("::1");
  });
});
