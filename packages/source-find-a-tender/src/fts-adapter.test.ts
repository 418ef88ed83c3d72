import { createPoliteHttpClient } from "@tender/ingest";
import { ocdsReleaseCandidate, type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFtsAdapter } from "./index.js";

let server: ReplayServer;

beforeAll(async () => {
  server = await startReplayServer(() => ({ status: 503, body: {} }));
});

afterAll(async () => {
  await server.close();
});

const adapter = () =>
  createFtsAdapter({
    http: createPoliteHttpClient({
      allowedHosts: [server.host],
      timeoutMs: 20_000,
      maxResponseBytes: 64 << 20,
    }),
    baseUrl: server.baseUrl,
    stages: "tender",
    pageSize: 100,
  });

describe("a Find a Tender page of 10,000 releases", () => {
  it("is read whole, and every release maps to a record or to its quarantine reason", {
    timeout: 60_000,
  }, async () => {
    const releases = Array.from({ length: 10_000 }, (_, i) => {
      const release = ocdsReleaseCandidate(`ocds-h6vhtk-${i}`, `${String(i).padStart(6, "0")}-2026`);
      // One in a hundred has no ocid, one in a hundred an amount of 1e9999.
      if (i % 100 === 1) delete release.ocid;
      const json = JSON.stringify(release);
      return i % 100 === 2 ? json.replace("490000", "1e9999") : json;
    });
    server.setHandler(() => ({ body: `{"releases":[${releases.join(",")}],"links":{}}` }));
    const page = await adapter().fetchPage({
      cursor: null,
      lastSyncAt: null,
      signal: AbortSignal.timeout(60_000),
    });
    expect(page.items).toHaveLength(10_000);
    expect(page.nextCursor).toBeNull();
    const results = page.items.map((item) => page.map(item));
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(100);
    expect(refused.every((r) => !r.ok && r.reason === "external_id: missing ocid")).toBe(true);
    const infinite = results[2];
    expect(infinite?.ok && [infinite.record.amount, infinite.record.currency]).toEqual([null, null]);
  });
});
