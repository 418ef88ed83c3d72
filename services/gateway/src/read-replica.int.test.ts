// Search, browsing and the tender card read from a real PostgreSQL streaming replica (a hot
// standby started on this machine with pg_basebackup); keys and the rate limit stay on the
// primary, which the standby would refuse (it is read-only). Readiness checks the replica too.
import { createApiKey, createDb, type Database } from "@tender/db";
import {
  createTestDatabase,
  type StreamingReplica,
  seedTender,
  startStreamingReplica,
  type TestDatabase,
} from "@tender/testing";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

let tdb: TestDatabase;
let replica: StreamingReplica;
let readDb: Kysely<Database>;
let key: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "replica", limitPerMinute: 10_000 })).key;
  await seedTender(tdb.db, { title: "Road repair", chunks: ["Road repair works in Leeds."] });
  replica = await startStreamingReplica({ primaryUrl: tdb.url });
  readDb = createDb(replica.url(tdb.url), { max: 2, applicationName: "tender-test-replica" });
}, 120_000);
afterAll(async () => {
  await readDb?.destroy();
  await replica?.stop();
  await tdb?.destroy();
});

const app = () => createApp(testDeps(tdb.db, { readDb, config: testConfig({ minRelevanceScore: 0.1 }) }));
const keyHeaders = () => ({ headers: { "x-api-key": key } });

async function searchTitles(query: string): Promise<string[]> {
  const response = await postJson(app(), "/api/v1/search", { query }, key);
  expect(response.status).toBe(200);
  return (await readJson(response)).items.map((i: { title: string }) => i.title);
}

describe("reading from a streaming replica", () => {
  it("the read pool is a standby that refuses writes", async () => {
    const { rows } = await sql<{ standby: boolean }>`SELECT pg_is_in_recovery() AS standby`.execute(readDb);
    expect(rows[0]?.standby).toBe(true);
    await expect(sql`CREATE TABLE nope (id int)`.execute(readDb)).rejects.toThrow(/read-only/);
  });

  it("Search answers from the replica while the key and the rate limit are counted on the primary", async () => {
    const before = await tdb.db.selectFrom("api_keys").select("request_count").executeTakeFirstOrThrow();
    expect(await searchTitles("road repair")).toEqual(["Road repair"]);
    const after = await tdb.db.selectFrom("api_keys").select("request_count").executeTakeFirstOrThrow();
    expect(after.request_count).toBe(before.request_count + 1);
  });

  it("a tender written on the primary becomes visible in Search, browsing and its card once replicated", async () => {
    const fresh = await seedTender(tdb.db, {
      title: "Bridge painting",
      chunks: ["Bridge painting in York."],
    });
    // The standby replays the WAL of the whole cluster, other test files' databases included: on
    // a busy machine (files run in parallel) that took over 20 s once.
    await vi.waitFor(async () => expect(await searchTitles("bridge painting")).toContain("Bridge painting"), {
      timeout: 60_000,
      interval: 200,
    });
    const card = await send(app(), `/api/v1/tenders/${fresh.id}`, keyHeaders());
    expect(card.status).toBe(200);
    expect((await readJson(card)).title).toBe("Bridge painting");
    const page = await send(app(), "/api/v1/tenders", keyHeaders());
    expect(page.status).toBe(200);
    expect((await readJson(page)).items.map((i: { title: string }) => i.title)).toContain("Bridge painting");
  }, 90_000);

  it("Search goes through the read pool: with the replica unreachable it answers 503, the primary being fine", async () => {
    const gone = createDb("postgres://postgres@127.0.0.1:1/tender", { max: 1 });
    try {
      const response = await postJson(
        createApp(testDeps(tdb.db, { readDb: gone })),
        "/api/v1/search",
        { query: "road" },
        key,
      );
      expect(response.status).toBe(503);
      expect((await readJson(response)).error.code).toBe("dependency_unavailable");
    } finally {
      await gone.destroy();
    }
  });
});

// Last: it stops the replica.
describe("readiness with a read replica", () => {
  it("checks the replica too, and names it when it is down while the primary is fine", async () => {
    const ready = await send(app(), "/health/ready");
    expect(ready.status).toBe(200);
    expect(await readJson(ready)).toEqual({
      status: "ready",
      checks: { database: "ok", database_read: "ok", ai: "ok" },
    });

    await replica.stop();
    const down = await send(app(), "/health/ready");
    expect(down.status).toBe(503);
    expect(await readJson(down)).toEqual({
      status: "unavailable",
      checks: { database: "ok", database_read: "error", ai: "ok" },
    });
    // Without a replica there is no such check.
    expect(await readJson(await send(createApp(testDeps(tdb.db)), "/health/ready"))).toEqual({
      status: "ready",
      checks: { database: "ok", ai: "ok" },
    });
  });
});
