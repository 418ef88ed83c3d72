// Search and Ask answer 503 dependency_unavailable at their deadline, whatever they wait on: a
// model that never answers (cancelled through the signal) or a query held by a database lock.
import { createOllamaProvider } from "@tender/ai";
import { correctProtocols, startTestModelServer, type TestModelServer } from "@tender/ai/testing";
import { createApiKey } from "@tender/db";
import { createTestDatabase, holdTableLock, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, readJson } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

let tdb: TestDatabase;
let key: string;
let model: TestModelServer;
const DEADLINE_MS = 400;
const config = testConfig({
  minRelevanceScore: -1,
  searchDeadlineMs: DEADLINE_MS,
  askDeadlineMs: DEADLINE_MS,
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "deadline", limitPerMinute: 10_000 })).key;
  await seedTender(tdb.db, { chunks: ["Road repair works in Leeds."] });
  // The same under the live provider's model name: Search ranks only the query model's chunks,
  // and Ask reaches the chat model only when Search found something.
  await seedTender(tdb.db, { chunks: ["Road repair works in Leeds."], embeddingModel: "bge-m3" });
  model = await startTestModelServer(correctProtocols(["bge-m3", "chat"]));
});
afterAll(async () => {
  await model.close();
  await tdb.destroy();
});

/** The live provider with a timeout far beyond the deadline: only the deadline can answer first. */
const provider = () =>
  createOllamaProvider({ baseUrl: model.url, embedModel: "bge-m3", chatModel: "chat", timeoutMs: 60_000 });

async function expectDeadline(response: Response, started: number): Promise<void> {
  expect(response.status).toBe(503);
  const body = await readJson(response);
  expect(body.error.code).toBe("dependency_unavailable");
  expect(body.error.message).toBe(`The answer was not ready within ${DEADLINE_MS} ms; retry later.`);
  expect(Date.now() - started).toBeLessThan(10_000);
}

describe("request deadline", () => {
  it("Search and Ask: an embedding model that never answers", async () => {
    model.respondWith((request) => (request.path === "/api/embed" ? "hang" : correctProtocols([])(request)));
    const app = createApp(testDeps(tdb.db, { ai: provider(), config }));
    for (const [path, headers] of [
      ["/api/v1/search", {}],
      ["/api/v1/ask", {}],
      ["/api/v1/ask", { accept: "text/event-stream" }],
    ] as const) {
      const started = Date.now();
      await expectDeadline(await postJson(app, path, { query: "road repair" }, key, headers), started);
    }
  });

  it("Ask: a chat model that never answers, after the search succeeded", async () => {
    const answers = correctProtocols(["bge-m3", "chat"]);
    model.respondWith((request) => (request.path === "/api/chat" ? "hang" : answers(request)));
    const app = createApp(testDeps(tdb.db, { ai: provider(), config }));
    const search = await postJson(app, "/api/v1/search", { query: "road repair" }, key);
    expect(search.status).toBe(200);
    const started = Date.now();
    await expectDeadline(await postJson(app, "/api/v1/ask", { query: "road repair" }, key), started);
  });

  it("Search and Ask: the statement held by the lock is cancelled at the deadline, not left waiting", async () => {
    // As main.ts runs it: settings on the connection, where a search can be one statement.
    const app = createApp(testDeps(tdb.db, { config: { ...config, searchSettingsOnConnection: true } }));
    const lock = await holdTableLock(tdb.url, "chunks");
    try {
      for (const path of ["/api/v1/search", "/api/v1/ask"]) {
        const started = Date.now();
        await expectDeadline(await postJson(app, path, { query: "road repair" }, key), started);
        // The lock is still held: only a cancelled statement can have left.
        await vi.waitFor(async () => expect(await lock.running()).toEqual([]), {
          timeout: 1_000,
          interval: 50,
        });
      }
    } finally {
      await lock.release();
    }
  });

  it("Search: a query held by a lock on the chunks table; answers again once the lock is gone", async () => {
    const app = createApp(testDeps(tdb.db, { config }));
    const lock = await holdTableLock(tdb.url, "chunks");
    try {
      const started = Date.now();
      await expectDeadline(await postJson(app, "/api/v1/search", { query: "road repair" }, key), started);
    } finally {
      await lock.release();
    }
    const after = await postJson(app, "/api/v1/search", { query: "road repair" }, key);
    expect(after.status).toBe(200);
    expect((await readJson(after)).items).toHaveLength(1);
  });
});
