import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createHostAllowlist,
  isHostEntry,
  normalizeHost,
  parseHostEntry,
  parseHostList,
} from "./host-allowlist.js";

const allows = (entries: string[], url: string) => createHostAllowlist(entries)(new URL(url));

describe("createHostAllowlist", () => {
  it("allows a listed name and its subdomains, not look-alikes", () => {
    const list = ["ted.europa.eu"];
    expect(allows(list, "https://ted.europa.eu/x")).toBe(true);
    expect(allows(list, "https://files.ted.europa.eu/x")).toBe(true);
    expect(allows(list, "https://TED.Europa.EU./x")).toBe(true);
    expect(allows(list, "https://evilted.europa.eu/x")).toBe(false);
    expect(allows(list, "https://ted.europa.eu.evil.com/x")).toBe(false);
    expect(allows(list, "https://europa.eu/x")).toBe(false);
  });

  it("allows a bare host on the scheme's default port only", () => {
    const list = ["docs.example"];
    expect(allows(list, "https://docs.example/x")).toBe(true);
    expect(allows(list, "https://docs.example:443/x")).toBe(true);
    expect(allows(list, "http://docs.example/x")).toBe(true);
    expect(allows(list, "https://docs.example:8443/x")).toBe(false);
    expect(allows(list, "http://docs.example:443/x")).toBe(false);
    expect(allows(list, "http://docs.example:8080/x")).toBe(false);
  });

  it("allows a host:port entry on that port only, whatever the scheme", () => {
    const list = ["127.0.0.1:8080", "[::1]:9000", "api.example:8443"];
    expect(allows(list, "http://127.0.0.1:8080/")).toBe(true);
    expect(allows(list, "https://127.0.0.1:8080/")).toBe(true);
    expect(allows(list, "http://127.0.0.1:9090/")).toBe(false);
    expect(allows(list, "http://127.0.0.1/")).toBe(false);
    expect(allows(list, "http://[::1]:9000/")).toBe(true);
    expect(allows(list, "http://[::1]:9001/")).toBe(false);
    expect(allows(list, "https://api.example:8443/v3")).toBe(true);
    expect(allows(list, "https://api.example/v3")).toBe(false);
  });

  it("matches IP address entries exactly, in any IPv6 spelling", () => {
    const list = ["127.0.0.1", "0:0:0:0:0:0:0:1"];
    expect(allows(list, "http://127.0.0.1/")).toBe(true);
    expect(allows(list, "http://[::1]/")).toBe(true);
    expect(allows(list, "http://127.0.0.2/")).toBe(false);
  });

  it("allows every host with *, on the default port unless * has one", () => {
    expect(allows(["*"], "https://anything.example/")).toBe(true);
    expect(allows(["*"], "https://anything.example:8443/")).toBe(false);
    expect(allows(["*:8443"], "https://anything.example:8443/")).toBe(true);
    expect(allows([], "https://anything.example/")).toBe(false);
  });

  it("refuses every scheme but http and https", () => {
    for (const url of ["ftp://docs.example/", "file:///etc/passwd", "ws://docs.example/"]) {
      expect(allows(["docs.example", "*"], url)).toBe(false);
    }
  });

  it("never lets a port differ from a pinned one (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 65_535 }),
        fc.integer({ min: 1, max: 65_535 }),
        (pinned, used) => {
          const allowed = allows([`docs.example:${pinned}`], `http://docs.example:${used}/`);
          return allowed === (pinned === used);
        },
      ),
    );
  });
});

describe("allowlist entries", () => {
  it("accepts names, addresses, ports and *, nothing else", () => {
    for (const entry of [
      "example.org",
      "*",
      "*:8080",
      "127.0.0.1",
      "127.0.0.1:4000",
      "::1",
      "[::1]",
      "[::1]:8080",
      "a-b.c1.example",
      "Example.ORG.",
      "example.org:65535",
    ]) {
      expect(isHostEntry(entry), entry).toBe(true);
    }
    for (const entry of [
      "http://example.org",
      "https://evil.example/",
      "example.org/path",
      "*.example.org",
      "-bad.example",
      "a b",
      "ex_ample.org",
      "example.org:0",
      "example.org:70000",
      "example.org:",
      "[example.org]",
      "[::1",
    ]) {
      expect(isHostEntry(entry), entry).toBe(false);
    }
    expect(parseHostEntry(" [0:0::1]:81 ")).toEqual({ host: "::1", port: 81 });
    expect(normalizeHost(" [0:0::1] ")).toBe("::1");
  });

  it("splits a comma list, trimmed, blanks dropped", () => {
    expect(parseHostList(" a.example , ,b.example:81 ")).toEqual(["a.example", "b.example:81"]);
  });
});
