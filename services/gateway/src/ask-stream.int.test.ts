import {
  AiDependencyError,
  type AiProvider,
  createFakeProvider,
  createOllamaProvider,
  createOpenAiProvider,
} from "@tender/ai";
import {
  type StreamProtocol,
  scriptedStream,
  startTestModelServer,
  type TestModelServer,
} from "@tender/ai/testing";
import { createWireValidator, NOT_ENOUGH_DATA_ANSWER } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, emptyTables, seedTender, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "./create-app.js";
import { serveApp } from "./server/serve-app.js";
import { type ReadEvent, readEvents } from "./testing/read-events.js";
import { postJson, readJson } from "./testing/requests.js";
import { spyProvider, TEST_SERVER_TIMEOUTS, testDeps } from "./testing/test-deps.js";

const validateAsk = createWireValidator("ask-response");
const SSE = { accept: "text/event-stream" };
let tdb: TestDatabase;
let key: string;
let model: TestModelServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "ask-stream", limitPerMinute: 100_000 })).key;
  model = await startTestModelServer(() => "hang");
});
afterAll(async () => {
  await model.close();
  await tdb.destroy();
});
beforeEach(async () => {
  // DELETE, not TRUNCATE: far cheaper for a few rows.
  await emptyTables(tdb.db, ["tenders"]);
  await seedTender(tdb.db, { title: "Leeds roads", chunks: ["Road repair in Leeds. Three lots."] });
  await seedTender(tdb.db, { title: "York roads", chunks: ["Road repair in York! Urgent."] });
});

/** The fake embeds (so seeded chunks are found); the model server answers in `protocol`. */
function liveChat(protocol: StreamProtocol, timeoutMs = 5_000): AiProvider {
  const options = { baseUrl: model.url, embedModel: "e", chatModel: "c", timeoutMs };
  const chat = protocol === "ollama" ? createOllamaProvider(options) : createOpenAiProvider(options);
  return { ...createFakeProvider(), generate: chat.generate, generateStream: chat.generateStream };
}

const names = (events: ReadEvent[]) => events.map((e) => e.event);
const deltas = (events: ReadEvent[]) =>
  events
    .filter((e) => e.event === "delta")
    .map((e) => e.data.text)
    .join("");

describe("POST /api/v1/ask with Accept: text/event-stream", () => {
  it("streams sources, the fake's answer word by word, then done: the same answer and sources as JSON", async () => {
    const deps = testDeps(tdb.db);
    const app = createApp(deps);
    const body = { query: "road repair", limit: 2 };
    const response = await postJson(app, "/api/v1/ask", body, key, SSE);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const events = await readEvents(response);
    expect(names(events)[0]).toBe("sources");
    expect(names(events).at(-1)).toBe("done");
    expect(
      names(events)
        .slice(1, -1)
        .every((n) => n === "delta"),
    ).toBe(true);
    expect(events.length).toBeGreaterThan(6);
    const done = events.at(-1)?.data;
    expect(deltas(events)).toBe(done.answer);
    expect(events[0]?.data).toEqual({ sources: done.sources });

    const plain = await postJson(app, "/api/v1/ask", body, key);
    expect(plain.headers.get("content-type")).toMatch(/^application\/json/);
    const json = await readJson(plain);
    expect(validateAsk(json)).toMatchObject({ ok: true });
    expect(done).toEqual(json);
    // Without the header, Ask answers exactly as before streaming existed.
    expect(
      await readJson(await postJson(app, "/api/v1/ask", body, key, { accept: "application/json" })),
    ).toEqual(json);
  });

  it("counts a streamed request once, and logs its time to first byte and its total", async () => {
    const deps = testDeps(tdb.db);
    const app = createApp(deps);
    const first = await postJson(app, "/api/v1/ask", { query: "road repair" }, key, SSE);
    await first.text();
    const second = await postJson(app, "/api/v1/ask", { query: "road repair" }, key, SSE);
    await second.text();
    const remaining = (r: Response) => Number(r.headers.get("x-ratelimit-remaining"));
    expect(remaining(first) - remaining(second)).toBe(1);
    expect(second.headers.get("x-ratelimit-limit")).toBe("100000");
    const line = deps.lines.find((l) => l.msg === "request" && l.route === "/api/v1/ask");
    expect(line).toMatchObject({ status: 200, client_gone: false, method: "POST" });
    expect(line?.first_byte_ms).toEqual(expect.any(Number));
    expect(Number(line?.duration_ms)).toBeGreaterThanOrEqual(Number(line?.first_byte_ms));
  });

  it("nothing relevant: sources [] and done with the fixed sentence, without calling the model", async () => {
    const ai = spyProvider();
    const response = await postJson(
      createApp(testDeps(tdb.db, { ai })),
      "/api/v1/ask",
      { query: "school catering" },
      key,
      SSE,
    );
    const events = await readEvents(response);
    expect(events).toEqual([
      { event: "sources", data: { sources: [] } },
      { event: "done", data: { answer: NOT_ENOUGH_DATA_ANSWER, sources: [] } },
    ]);
    expect(ai.calls.generate).toBe(0);
  });

  it("answers failures before the first byte as usual, with the JSON envelope", async () => {
    const app = createApp(testDeps(tdb.db));
    const noKey = await postJson(app, "/api/v1/ask", { query: "road repair" }, undefined, SSE);
    expect([noKey.status, (await readJson(noKey)).error.code]).toEqual([401, "api_key_required"]);
    const invalid = await postJson(app, "/api/v1/ask", { query: "ro" }, key, SSE);
    expect([invalid.status, (await readJson(invalid)).error.code]).toEqual([422, "validation_error"]);
    const down = {
      ...createFakeProvider(),
      embed: () => Promise.reject(new AiDependencyError("unreachable", "down")),
    };
    const unavailable = await postJson(
      createApp(testDeps(tdb.db, { ai: down })),
      "/api/v1/ask",
      { query: "road repair" },
      key,
      SSE,
    );
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await readJson(unavailable)).error.code).toBe("dependency_unavailable");
  });

  describe.each(["ollama", "openai"] as const)("with a %s model server", (protocol) => {
    it("removes an invented [7], also split across deltas, streamed and not", async () => {
      const pieces = ["Roads [", "7", "] are repaired [1", "] and [", "2] [1", "2]."];
      model.respondWith(({ body }) =>
        (body as { stream?: boolean }).stream
          ? { script: scriptedStream(protocol, pieces) }
          : protocol === "ollama"
            ? { json: { message: { content: pieces.join("") } } }
            : { json: { choices: [{ message: { content: pieces.join("") } }] } },
      );
      const app = createApp(testDeps(tdb.db, { ai: liveChat(protocol) }));
      const events = await readEvents(await postJson(app, "/api/v1/ask", { query: "road repair" }, key, SSE));
      const done = events.at(-1)?.data;
      expect(done.sources).toHaveLength(2);
      expect(done.answer).toBe("Roads  are repaired [1] and [2] .");
      expect(deltas(events)).toBe(done.answer);
      const json = await readJson(await postJson(app, "/api/v1/ask", { query: "road repair" }, key));
      expect(json.answer).toBe(done.answer);
    });

    it("an HTTP 500 before the first token: sources, then one error event", async () => {
      model.respondWith(() => ({ status: 500, json: { error: "overloaded" } }));
      const response = await postJson(
        createApp(testDeps(tdb.db, { ai: liveChat(protocol) })),
        "/api/v1/ask",
        { query: "road repair" },
        key,
        SSE,
      );
      const events = await readEvents(response);
      expect(names(events)).toEqual(["sources", "error"]);
      expect(events[1]?.data.error.code).toBe("dependency_unavailable");
      expect(JSON.stringify(events)).not.toContain("overloaded");
    });

    it.each([
      ["error", "an error after the first chunk"],
      ["broken_line", "a broken line"],
      ["disconnect", "a disconnect"],
      ["stall", "a stall (AI_TIMEOUT_MS between tokens)"],
    ] as const)("ends the stream with one error event after %s (%s)", async (ending, _) => {
      model.respondWith(() => ({ script: scriptedStream(protocol, ["Roads ", "are "], { ending }) }));
      const deps = testDeps(tdb.db, { ai: liveChat(protocol, 500) });
      const response = await postJson(createApp(deps), "/api/v1/ask", { query: "road repair" }, key, SSE);
      expect(response.status).toBe(200);
      const events = await readEvents(response);
      expect(names(events)).toEqual(["sources", "delta", "error"]);
      expect(events[1]?.data).toEqual({ text: "Roads " });
      expect(events[2]?.data).toEqual({
        error: {
          code: "dependency_unavailable",
          message: "The AI provider is unavailable; retry later.",
          request_id: response.headers.get("x-request-id"),
          details: null,
        },
      });
      expect(
        deps.lines.some((l) => l.level === "warn" && l.request_id === response.headers.get("x-request-id")),
      ).toBe(true);
    });
  });

  it("a client that goes away aborts the model request, and the stream ends", async () => {
    model.respondWith(() => ({ script: scriptedStream("ollama", ["Roads ", "are "], { ending: "stall" }) }));
    const deps = testDeps(tdb.db, { ai: liveChat("ollama", 60_000) });
    const server = await serveApp(createApp(deps), {
      port: 0,
      host: "127.0.0.1",
      timeouts: TEST_SERVER_TIMEOUTS,
    });
    try {
      const before = model.clientAborts;
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/ask`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key, ...SSE },
        body: JSON.stringify({ query: "road repair" }),
        signal: controller.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let seen = "";
      while (!seen.includes("event: delta")) seen += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      await vi.waitFor(() => expect(model.clientAborts).toBe(before + 1));
      await vi.waitFor(() =>
        expect(deps.lines.find((l) => l.msg === "request" && l.route === "/api/v1/ask")).toMatchObject({
          client_gone: true,
          status: 200,
        }),
      );
      // Nothing of the request is left: the server closes at once.
      await server.close(1_000);
    } finally {
      await server.close(0).catch(() => {});
    }
  });

  it("streams exactly the non-streamed filtered answer, for random answers cut at random places (property)", async () => {
    const app = createApp(testDeps(tdb.db, { ai: liveChat("ollama") }));
    const piece = fc.oneof(
      fc.constantFrom("[", "]", "1", "2", "3", "7", " ", "a", "é", "\n", "[1]", "[2]", "[7]", "[12"),
      fc.string({ maxLength: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 30 }), async (pieces) => {
        const whole = `Answer ${pieces.join("")}`;
        model.respondWith(({ body }) =>
          (body as { stream?: boolean }).stream
            ? { script: scriptedStream("ollama", ["Answer ", ...pieces]) }
            : { json: { message: { content: whole } } },
        );
        const events = await readEvents(
          await postJson(app, "/api/v1/ask", { query: "road repair" }, key, SSE),
        );
        const json = await readJson(await postJson(app, "/api/v1/ask", { query: "road repair" }, key));
        expect(events.at(-1)).toEqual({ event: "done", data: json });
        expect(deltas(events)).toBe(json.answer);
      }),
      { numRuns: 25 },
    );
  });

  it("a streamed answer may last longer than HTTP_REQUEST_TIMEOUT_MS (it bounds receiving the request only)", async () => {
    const deps = testDeps(tdb.db, { ai: createFakeProvider({ wordDelayMs: 150 }) });
    const server = await serveApp(createApp(deps), {
      port: 0,
      host: "127.0.0.1",
      timeouts: { headersMs: 300, requestMs: 400, keepAliveMs: 300 },
    });
    try {
      const started = performance.now();
      const response = await postJson(
        `http://127.0.0.1:${server.port}`,
        "/api/v1/ask",
        { query: "road repair" },
        key,
        SSE,
      );
      const events = await readEvents(response);
      expect(performance.now() - started).toBeGreaterThan(400);
      expect(names(events).at(-1)).toBe("done");
      expect(deltas(events)).toBe(events.at(-1)?.data.answer);
    } finally {
      await server.close(1_000);
    }
  });
});
