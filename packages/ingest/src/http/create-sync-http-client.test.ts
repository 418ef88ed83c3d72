import { describe, expect, it } from "vitest";
import { createSyncHttpClient } from "./create-sync-http-client.js";

const config = { SYNC_ALLOWED_HOSTS: undefined, HTTP_TIMEOUT_MS: 1_000, HTTP_MAX_RESPONSE_BYTES: 1024 };

describe("createSyncHttpClient", () => {
  it("allows the base URL's host by default, else exactly SYNC_ALLOWED_HOSTS", () => {
    const byDefault = createSyncHttpClient("https://api.example:8443/v3", config);
    expect(byDefault.isAllowed("https://api.example:8443/notices")).toBe(true);
    expect(byDefault.isAllowed("https://other.example/notices")).toBe(false);
    // The base URL's port is pinned: the same host on its default port is another service.
    expect(byDefault.isAllowed("https://api.example/notices")).toBe(false);
    const listed = createSyncHttpClient("https://api.example", {
      ...config,
      SYNC_ALLOWED_HOSTS: "mirror.example",
    });
    expect(listed.isAllowed("https://mirror.example/notices")).toBe(true);
    expect(listed.isAllowed("https://api.example/notices")).toBe(false);
    expect(listed.isAllowed("https://mirror.example:8443/notices")).toBe(false);
  });

  it("adds the source's other hosts (TED's notice XML) by default only: a configured list is exact", () => {
    const ted = createSyncHttpClient("https://api.ted.europa.eu", config, {
      defaultHosts: ["ted.europa.eu"],
    });
    expect(ted.isAllowed("https://ted.europa.eu/en/notice/291981-2026/xml")).toBe(true);
    expect(ted.isAllowed("https://api.ted.europa.eu/v3/notices/search")).toBe(true);
    expect(ted.isAllowed("https://evil.example/xml")).toBe(false);
    const mirrored = createSyncHttpClient(
      "https://api.ted.europa.eu",
      { ...config, SYNC_ALLOWED_HOSTS: "mirror.example" },
      { defaultHosts: ["ted.europa.eu"] },
    );
    expect(mirrored.isAllowed("https://ted.europa.eu/en/notice/291981-2026/xml")).toBe(false);
  });
});
