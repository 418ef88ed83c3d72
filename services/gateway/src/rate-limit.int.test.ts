import { createWireValidator } from "@tender/contracts";
import { createApiKey, createDb } from "@tender/db";
import { createMetricsRegistry } from "@tender/observability";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { createGatewayMetrics } from "./metrics/gateway-metrics.js";
import { serveApp } from "./server/serve-app.js";
import { awaitFreshMinute, nextMinuteStart } from "./testing/fresh-minute.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { TEST_SERVER_TIMEOUTS, testDeps } from "./testing/test-deps.js";

const validateError = createWireValidator("error-response");
let tdb: TestDatabase;

async function storedCount(keyId: string): Promise<number> {
  const row = await tdb.db
    .selectFrom("api_keys")
    .select("request_count")
    .where("id", "=", keyId)
    .executeTakeFirstOrThrow();
  return row.request_count;
}

const rateHeaders = (response: Response) => ({
  limit: response.headers.get("x-ratelimit-limit"),
  remaining: response.headers.get("x-ratelimit-remaining"),
  reset: response.headers.get("x-ratelimit-reset"),
  retryAfter: response.headers.get("retry-after"),
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedTender(tdb.db, { chunks: ["Road repair works in Leeds."] });
});
afterAll(() => tdb.destroy());

describe("rate limit (docs/api.md#rate-limit)", () => {
  it("allowance 5: three Search and two Ask pass, the sixth is 429, a new minute resets", async () => {
    const registry = createMetricsRegistry();
    const app = createApp(testDeps(tdb.db, { metrics: createGatewayMetrics(registry) }));
    const { id, key } = await createApiKey(tdb.db, { name: "five", limitPerMinute: 5 });
    await awaitFreshMinute(tdb.db);
    const reset = String(await nextMinuteStart(tdb.db));

    const passed = [];
    for (const path of ["/api/v1/search", "/api/v1/search", "/api/v1/search", "/api/v1/ask", "/api/v1/ask"]) {
      passed.push(await postJson(app, path, { query: "road repair" }, key));
    }
    expect(passed.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(passed.map(rateHeaders)).toEqual(
      ["4", "3", "2", "1", "0"].map((remaining) => ({ limit: "5", remaining, reset, retryAfter: null })),
    );
    expect(await storedCount(id)).toBe(5);

    const refused = await postJson(app, "/api/v1/search", { query: "road repair" }, key);
    expect(refused.status).toBe(429);
    const headers = rateHeaders(refused);
    expect(headers).toMatchObject({ limit: "5", remaining: "0", reset });
    const retryAfter = Number(headers.retryAfter);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Math.abs(Number(reset) - Date.now() / 1000 - retryAfter)).toBeLessThan(3);
    const body = await readJson(refused);
    expect(validateError(body)).toMatchObject({ ok: true });
    expect(body.error).toMatchObject({
      code: "rate_limit_exceeded",
      request_id: refused.headers.get("x-request-id"),
    });
    expect(await storedCount(id)).toBe(5);

    // Ask shares the counter; the refused requests changed nothing.
    expect((await postJson(app, "/api/v1/ask", { query: "road repair" }, key)).status).toBe(429);
    expect(await storedCount(id)).toBe(5);

    // Both refusals are counted, and every answer by its route pattern and status.
    const metrics = await registry.metrics();
    expect(metrics).toContain("tender_rate_limit_refusals_total 2");
    expect(metrics).toContain(
      'tender_http_requests_total{method="POST",route="/api/v1/search",status="200"} 3',
    );
    expect(metrics).toContain('tender_http_requests_total{method="POST",route="/api/v1/ask",status="429"} 1');
    expect(metrics).toContain("tender_search_duration_seconds_count 5");

    // A new UTC minute: the stored window is now a minute old.
    await sql`UPDATE api_keys SET window_started_at = window_started_at - interval '1 minute' WHERE id = ${id}`.execute(
      tdb.db,
    );
    const fresh = await postJson(app, "/api/v1/search", { query: "road repair" }, key);
    expect(fresh.status).toBe(200);
    expect(rateHeaders(fresh)).toMatchObject({ limit: "5", remaining: "4", retryAfter: null });
    expect(await storedCount(id)).toBe(1);
  }, 90_000);

  it("does not count requests refused by authentication or validation, nor the tender card", async () => {
    const app = createApp(testDeps(tdb.db));
    const { id, key } = await createApiKey(tdb.db, { name: "two", limitPerMinute: 2 });
    const other = await createApiKey(tdb.db, { name: "disabled", limitPerMinute: 2 });
    await tdb.db.updateTable("api_keys").set({ enabled: false }).where("id", "=", other.id).execute();
    await awaitFreshMinute(tdb.db);

    const refusedEarly = [
      await postJson(app, "/api/v1/search", { query: "road repair" }),
      await postJson(app, "/api/v1/search", { query: "road repair" }, other.key),
      await postJson(app, "/api/v1/search", { query: "ab" }, key),
      await postJson(app, "/api/v1/ask", { query: "road", limit: 6 }, key),
      await send(app, "/api/v1/search", { method: "POST", headers: { "x-api-key": key }, body: "{}" }),
      await send(app, "/api/v1/search", {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: `{"query": "${"x".repeat(70_000)}"}`,
      }),
      await send(app, `/api/v1/tenders/${crypto.randomUUID()}`, { headers: { "x-api-key": key } }),
    ];
    expect(refusedEarly.map((r) => r.status)).toEqual([401, 403, 422, 422, 415, 413, 404]);
    for (const response of refusedEarly) expect(response.headers.get("x-ratelimit-limit")).toBeNull();
    expect(await storedCount(id)).toBe(0);
    expect(await storedCount(other.id)).toBe(0);

    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await postJson(app, "/api/v1/ask", { query: "road" }, key)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await storedCount(id)).toBe(2);
  }, 90_000);

  it("restarts the count in a later minute even when the old window was full", async () => {
    const app = createApp(testDeps(tdb.db));
    const { id, key } = await createApiKey(tdb.db, { name: "stale", limitPerMinute: 3 });
    await sql`UPDATE api_keys SET request_count = 3, window_started_at = now() - interval '1 hour' WHERE id = ${id}`.execute(
      tdb.db,
    );
    const response = await postJson(app, "/api/v1/search", { query: "road" }, key);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("2");
    expect(await storedCount(id)).toBe(1);
  });

  it("is exact under concurrency across two gateway processes on one database", async () => {
    // Two apps, each with its own pool, over real HTTP on two ports: like two gateway processes.
    const pools = [createDb(tdb.url, { max: 10 }), createDb(tdb.url, { max: 10 })];
    const servers = await Promise.all(
      pools.map((db) =>
        serveApp(createApp(testDeps(db)), { port: 0, host: "127.0.0.1", timeouts: TEST_SERVER_TIMEOUTS }),
      ),
    );
    try {
      const { id, key } = await createApiKey(tdb.db, { name: "fifteen", limitPerMinute: 15 });
      await awaitFreshMinute(tdb.db);
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const url = `http://127.0.0.1:${servers[i % 2]?.port}`;
          return postJson(url, i % 3 === 0 ? "/api/v1/ask" : "/api/v1/search", { query: "road repair" }, key);
        }),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(15);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
      const remaining = responses
        .filter((r) => r.status === 200)
        .map((r) => Number(r.headers.get("x-ratelimit-remaining")))
        .sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 15 }, (_, i) => i));
      await Promise.all(responses.map((r) => r.arrayBuffer()));
      expect(await storedCount(id)).toBe(15);
    } finally {
      await Promise.all(servers.map((s) => s.close(1_000)));
      await Promise.all(pools.map((db) => db.destroy()));
    }
  }, 90_000);
});
