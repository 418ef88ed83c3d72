import { createFakeProvider, createOllamaProvider, createOpenAiProvider } from "@tender/ai";
import { startTestModelServer } from "@tender/ai/testing";
import { createWireValidator } from "@tender/contracts";
import { createApiKey, createDb } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { awaitFreshMinute } from "./testing/fresh-minute.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

const validateError = createWireValidator("error-response");
let tdb: TestDatabase;
let key: string;

async function expectUnavailable(response: Response): Promise<string> {
  expect(response.status).toBe(503);
  const body = await readJson(response);
  expect(validateError(body)).toMatchObject({ ok: true });
  expect(body.error.code).toBe("dependency_unavailable");
  expect(body.error.request_id).toBe(response.headers.get("x-request-id"));
  return body.error.message;
}

async function storedCount(keyId: string): Promise<number> {
  const row = await tdb.db
    .selectFrom("api_keys")
    .select("request_count")
    .where("id", "=", keyId)
    .executeTakeFirstOrThrow();
  return row.request_count;
}

const vectors = (n: number, dimension: number) =>
  Array.from({ length: n }, () => Array.from({ length: dimension }, (_, i) => (i % 7) - 3));

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "deps", limitPerMinute: 10_000 })).key;
  await seedTender(tdb.db, { chunks: ["Road repair works in Leeds."] });
  // The live providers below are named bge-m3: Search ranks only that model's chunks.
  await seedTender(tdb.db, { chunks: ["Road repair works in York."], embeddingModel: "bge-m3" });
});
afterAll(() => tdb.destroy());

describe("a database that is down", () => {
  // Nothing listens on port 1: every query fails to connect.
  const down = createDb("postgres://postgres@127.0.0.1:1/tender", { max: 2 });
  afterAll(() => down.destroy());
  const app = createApp(testDeps(down));

  it("answers 503 dependency_unavailable with the envelope, never the driver's text", async () => {
    for (const response of [
      await postJson(app, "/api/v1/search", { query: "road repair" }, "tsk_any"),
      await postJson(app, "/api/v1/ask", { query: "road repair" }, "tsk_any"),
      await send(app, `/api/v1/tenders/${crypto.randomUUID()}`, { headers: { "x-api-key": "tsk_any" } }),
    ]) {
      const message = await expectUnavailable(response);
      expect(message).toBe("The database is unavailable; retry later.");
    }
  });

  it("fails readiness on the database check only; liveness stays ok", async () => {
    const ready = await send(app, "/health/ready");
    expect(ready.status).toBe(503);
    expect(await readJson(ready)).toEqual({ status: "unavailable", checks: { database: "error", ai: "ok" } });
    expect(ready.headers.get("x-request-id")).toBeTruthy();
    const live = await send(app, "/health/live");
    expect(live.status).toBe(200);
    expect(await readJson(live)).toEqual({ status: "ok" });
  });
});

describe("readiness", () => {
  it("is ready when both answer, unavailable when the AI provider is not", async () => {
    const ready = await send(createApp(testDeps(tdb.db)), "/health/ready");
    expect(ready.status).toBe(200);
    expect(await readJson(ready)).toEqual({ status: "ready", checks: { database: "ok", ai: "ok" } });
    const sick = {
      ...createFakeProvider(),
      health: async () => ({ ok: false as const, reason: "model missing" }),
    };
    const notReady = await send(createApp(testDeps(tdb.db, { ai: sick })), "/health/ready");
    expect(notReady.status).toBe(503);
    expect(await readJson(notReady)).toEqual({
      status: "unavailable",
      checks: { database: "ok", ai: "error" },
    });
  });
});

describe("a live AI provider on loopback that misbehaves", () => {
  it("wrong dimension: Search answers 503, and the request stays counted (it passed the rate limit)", async () => {
    const server = await startTestModelServer(({ path, body }) => {
      const input = (body as { input?: string[] } | null)?.input ?? [];
      if (path === "/v1/embeddings") {
        return {
          json: { data: vectors(input.length, 768).map((embedding, index) => ({ index, embedding })) },
        };
      }
      return { status: 404, json: {} };
    });
    try {
      const ai = createOpenAiProvider({
        baseUrl: server.url,
        embedModel: "bge-m3",
        chatModel: "chat",
        timeoutMs: 5_000,
      });
      const app = createApp(testDeps(tdb.db, { ai }));
      const counted = await createApiKey(tdb.db, { name: "counted", limitPerMinute: 10 });
      await awaitFreshMinute(tdb.db);
      const response = await postJson(app, "/api/v1/search", { query: "road repair" }, counted.key);
      expect(await expectUnavailable(response)).toBe("The AI provider is unavailable; retry later.");
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/embeddings"]);
      expect(response.headers.get("x-ratelimit-remaining")).toBe("9");
      expect(await storedCount(counted.id)).toBe(1);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("a body that is not JSON, an HTTP error, a bad chat answer and a timeout are 503 too", async () => {
    let mode = "garbage";
    const server = await startTestModelServer(({ path, body }) => {
      const input = (body as { input?: string[] } | null)?.input ?? [];
      if (mode === "garbage") return { raw: "<html>oops" };
      if (mode === "http") return { status: 500, json: { error: "internal" } };
      if (path === "/api/embed") return { json: { embeddings: vectors(input.length, 1024) } };
      if (path === "/api/chat") return { json: { message: { content: 42 } } };
      return { status: 404, json: {} };
    });
    try {
      const ai = createOllamaProvider({
        baseUrl: server.url,
        embedModel: "bge-m3",
        chatModel: "chat",
        timeoutMs: 5_000,
      });
      const app = createApp(testDeps(tdb.db, { ai, config: testConfig({ minRelevanceScore: -1 }) }));
      await expectUnavailable(await postJson(app, "/api/v1/search", { query: "road repair" }, key));
      mode = "http";
      await expectUnavailable(await postJson(app, "/api/v1/ask", { query: "road repair" }, key));
      mode = "chat";
      expect((await postJson(app, "/api/v1/search", { query: "road repair" }, key)).status).toBe(200);
      await expectUnavailable(await postJson(app, "/api/v1/ask", { query: "road repair" }, key));
      expect(server.requests.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual([
        "POST /api/embed",
        "POST /api/chat",
      ]);
    } finally {
      await server.close();
    }
    // Nothing listens any more: unreachable.
    const gone = createOllamaProvider({
      baseUrl: server.url,
      embedModel: "bge-m3",
      chatModel: "chat",
      timeoutMs: 500,
    });
    await expectUnavailable(
      await postJson(
        createApp(testDeps(tdb.db, { ai: gone })),
        "/api/v1/search",
        { query: "road repair" },
        key,
      ),
    );
  });
});
