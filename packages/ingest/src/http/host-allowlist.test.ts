import { describe, expect, it } from "vitest";
import { allowedHostsFor } from "./allowed-hosts-for.js";
import { isHostAllowed, parseHostList } from "./host-allowlist.js";

describe("isHostAllowed", () => {
  const list = ["api.ted.europa.eu", "127.0.0.1:8080"];

  it("matches hosts without a port on any port, case-insensitively", () => {
    expect(isHostAllowed(new URL("https://API.ted.europa.eu/v3/notices/search"), list)).toBe(true);
    expect(isHostAllowed(new URL("https://api.ted.europa.eu:8443/x"), list)).toBe(true);
  });

  it("matches an entry with a port only on that port", () => {
    expect(isHostAllowed(new URL("http://127.0.0.1:8080/"), list)).toBe(true);
    expect(isHostAllowed(new URL("http://127.0.0.1:9090/"), list)).toBe(false);
  });

  it("refuses other hosts, look-alike hosts and other schemes", () => {
    expect(isHostAllowed(new URL("https://evil.example/"), list)).toBe(false);
    expect(isHostAllowed(new URL("https://api.ted.europa.eu.evil.example/"), list)).toBe(false);
    expect(isHostAllowed(new URL("ftp://api.ted.europa.eu/"), list)).toBe(false);
  });
});

describe("allowlist configuration", () => {
  it("parses a comma list and defaults to the base URL's host", () => {
    expect(parseHostList(" a.example , ,b.example:81 ")).toEqual(["a.example", "b.example:81"]);
    expect(allowedHostsFor("https://www.contractsfinder.service.gov.uk", undefined)).toEqual([
      "www.contractsfinder.service.gov.uk",
    ]);
    expect(allowedHostsFor("http://127.0.0.1:4000", " ")).toEqual(["127.0.0.1:4000"]);
    expect(allowedHostsFor("http://127.0.0.1:4000", "x.example")).toEqual(["x.example"]);
  });
});
