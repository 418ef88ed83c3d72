import { SOURCES } from "@tender/sources";
import { describe, expect, it } from "vitest";
import { allowlistForSource } from "./allowlist-for-source.js";

const allows = (source: string | undefined, extra: string[], url: string) =>
  allowlistForSource(source, extra)(new URL(url));

describe("allowlistForSource", () => {
  it("starts from each source's default hosts and adds the operator's", () => {
    expect(allows("ted", [], "https://ted.europa.eu/doc.pdf")).toBe(true);
    expect(allows("ted", [], "https://files.ted.europa.eu/doc.pdf")).toBe(true);
    expect(allows("ted", [], "https://www.contractsfinder.service.gov.uk/x")).toBe(false);
    expect(allows("contracts_finder", [], "https://www.contractsfinder.service.gov.uk/x")).toBe(true);
    expect(allows("contracts_finder", ["in-tendhost.co.uk"], "https://in-tendhost.co.uk/x")).toBe(true);
    expect(allows("unknown", [], "https://ted.europa.eu/x")).toBe(false);
    expect(allows("constructor", [], "https://ted.europa.eu/x")).toBe(false);
    expect(allows(undefined, ["docs.example"], "https://docs.example/x")).toBe(true);
  });

  it("allows every registered source's document hosts for that source only", () => {
    for (const source of SOURCES) {
      expect(source.documentHosts.length, source.code).toBeGreaterThan(0);
      for (const host of source.documentHosts) {
        expect(allows(source.code, [], `https://www.${host}/Notice/1`), source.code).toBe(true);
        for (const other of SOURCES.filter((o) => !o.documentHosts.includes(host)))
          expect(allows(other.code, [], `https://${host}/x`), `${other.code} ${host}`).toBe(false);
      }
    }
  });

  it("allows a source's own hosts on their default ports only", () => {
    expect(allows("ted", [], "https://ted.europa.eu:8443/doc.pdf")).toBe(false);
    expect(allows("ted", ["ted.europa.eu:8443"], "https://ted.europa.eu:8443/doc.pdf")).toBe(true);
  });
});
