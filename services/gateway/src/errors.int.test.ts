import { AiDependencyError, type AiProvider, createFakeProvider } from "@tender/ai";
import { createWireValidator, ERROR_CODES, type ErrorCode } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { serveApp } from "./server/serve-app.js";
import { awaitFreshMinute } from "./testing/fresh-minute.js";
import { parseRawResponses, rawExchange, toFetchResponse } from "./testing/raw-http.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validateError = createWireValidator("error-response");
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let tdb: TestDatabase;
let key: string;
let disabledKey: string;
let app: ReturnType<typeof createApp>;
const seen = new Set<ErrorCode>();

/** Checks the envelope, the status of the code and the request id; returns the error object. */
async function expectError(response: Response, code: ErrorCode, status: number) {
  expect(response.status).toBe(status);
  const requestId = response.headers.get("x-request-id");
  expect(requestId).toBeTruthy();
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await readJson(response);
  expect(validateError(body), JSON.stringify(body)).toMatchObject({ ok: true });
  expect(body.error.code).toBe(code);
  expect(body.error.request_id).toBe(requestId);
  expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+|Error:|stack/);
  seen.add(code);
  return body.error as { code: string; message: string; details: unknown };
}

function appWith(ai: AiProvider) {
  return createApp(testDeps(tdb.db, { ai }));
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "errors", limitPerMinute: 10_000 })).key;
  const disabled = await createApiKey(tdb.db, { name: "off", limitPerMinute: 10 });
  await tdb.db.updateTable("api_keys").set({ enabled: false }).where("id", "=", disabled.id).execute();
  disabledKey = disabled.key;
  await seedTender(tdb.db, { chunks: ["Road repair works in Leeds."] });
  app = createApp(testDeps(tdb.db));
});
afterAll(async () => {
  await tdb.destroy();
});

describe("the error table of docs/api.md#errors", () => {
  it("validation_error 422: malformed JSON, unknown fields, wrong types, bounds, malformed uuid", async () => {
    const malformed = await send(app, "/api/v1/search", {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: '{"query": "road',
    });
    expect((await expectError(malformed, "validation_error", 422)).details).toEqual([
      { path: "/", message: "Body is not valid JSON" },
    ]);
    const invalid = await postJson(app, "/api/v1/search", { query: 42, limit: 11, page: 2 }, key);
    expect((await expectError(invalid, "validation_error", 422)).details).toEqual([
      { path: "/query", message: "Must be a string" },
      { path: "/limit", message: "Must be at most 10" },
      { path: "/page", message: "Unknown field is not allowed" },
    ]);
    const short = await postJson(app, "/api/v1/ask", { query: "  ab  ", limit: 6 }, key);
    expect((await expectError(short, "validation_error", 422)).details).toEqual([
      { path: "/query", message: "Must be 3 to 1000 characters long after trimming" },
      { path: "/limit", message: "Must be at most 5" },
    ]);
    const notObject = await postJson(app, "/api/v1/ask", "road repair", key);
    expect((await expectError(notObject, "validation_error", 422)).details).toEqual([
      { path: "/", message: "Must be an object" },
    ]);
    const badUtf8 = await send(app, "/api/v1/search", {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]),
    });
    expect((await expectError(badUtf8, "validation_error", 422)).details).toEqual([
      { path: "/", message: "Body is not valid UTF-8" },
    ]);
    const badUuid = await send(app, "/api/v1/tenders/not-a-uuid", { headers: { "x-api-key": key } });
    expect((await expectError(badUuid, "validation_error", 422)).details).toEqual([
      { path: "/id", message: expect.stringContaining("UUID") },
    ]);
  });

  it("api_key_required 401, api_key_invalid 401, api_key_disabled 403", async () => {
    for (const path of ["/api/v1/search", "/api/v1/ask"]) {
      await expectError(await postJson(app, path, { query: "road" }), "api_key_required", 401);
      await expectError(await postJson(app, path, { query: "road" }, "tsk_wrong"), "api_key_invalid", 401);
      await expectError(await postJson(app, path, { query: "road" }, disabledKey), "api_key_disabled", 403);
    }
    const card = `/api/v1/tenders/${crypto.randomUUID()}`;
    await expectError(await send(app, card), "api_key_required", 401);
    await expectError(
      await send(app, card, { headers: { "x-api-key": "x".repeat(300) } }),
      "api_key_invalid",
      401,
    );
    await expectError(
      await send(app, card, { headers: { "x-api-key": disabledKey } }),
      "api_key_disabled",
      403,
    );
    // Authentication comes before body validation, also when the key is looked up with the count.
    await expectError(await postJson(app, "/api/v1/search", { query: 1 }), "api_key_required", 401);
    for (const path of ["/api/v1/search", "/api/v1/ask", "/api/v1/saved-searches"]) {
      await expectError(await postJson(app, path, { query: 1 }, "tsk_wrong"), "api_key_invalid", 401);
      await expectError(await postJson(app, path, { query: 1 }, disabledKey), "api_key_disabled", 403);
      await expectError(
        await send(app, path, { method: "POST", headers: { "x-api-key": disabledKey }, body: "{}" }),
        "api_key_disabled",
        403,
      );
    }
    const badId = "/api/v1/saved-searches/not-a-uuid";
    await expectError(
      await send(app, badId, { headers: { "x-api-key": "tsk_wrong" } }),
      "api_key_invalid",
      401,
    );
    await expectError(await send(app, badId, { headers: { "x-api-key": key } }), "validation_error", 422);
  });

  it("not_found 404: unknown routes, an unknown tender, an unknown docs asset", async () => {
    await expectError(await send(app, "/api/v2/search"), "not_found", 404);
    await expectError(await send(app, "/"), "not_found", 404);
    await expectError(await postJson(app, "/api/v1/search/", { query: "road" }, key), "not_found", 404);
    await expectError(await send(app, "/docs/../../package.json"), "not_found", 404);
    await expectError(await send(app, "/docs/index.js"), "not_found", 404);
    const unknown = await send(app, `/api/v1/tenders/${crypto.randomUUID()}`, {
      headers: { "x-api-key": key },
    });
    expect((await expectError(unknown, "not_found", 404)).message).toBe("No tender has this id.");
  });

  it("method_not_allowed 405 with Allow on every known path", async () => {
    const cases: [string, string, string][] = [
      ["GET", "/api/v1/search", "POST"],
      ["PUT", "/api/v1/ask", "POST"],
      ["DELETE", `/api/v1/tenders/${crypto.randomUUID()}`, "GET, HEAD"],
      ["POST", "/health/live", "GET, HEAD"],
      ["PATCH", "/health/ready", "GET, HEAD"],
      ["OPTIONS", "/openapi.json", "GET, HEAD"],
      ["POST", "/docs", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await send(app, path, { method, headers: { "x-api-key": key } });
      expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
      await expectError(response, "method_not_allowed", 405);
    }
  });

  it("payload_too_large 413, by Content-Length and by a streamed body without it", async () => {
    const big = JSON.stringify({ query: "x".repeat(64 * 1024) });
    await expectError(
      await send(app, "/api/v1/search", {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key },
        body: big,
      }),
      "payload_too_large",
      413,
    );
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new Uint8Array(1024).fill(0x20));
        controller.close();
      },
    });
    const streamed = await send(app, "/api/v1/ask", {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectError(streamed, "payload_too_large", 413);
    // Exactly 64 KiB is allowed (and then fails validation, not the size check).
    const atLimit = `{"query": "road repair"}${" ".repeat(64 * 1024 - 24)}`;
    expect(Buffer.byteLength(atLimit)).toBe(64 * 1024);
    const ok = await send(app, "/api/v1/search", {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: atLimit,
    });
    expect(ok.status).toBe(200);
  });

  it("unsupported_media_type 415 for anything but application/json", async () => {
    for (const type of [undefined, "text/plain", "application/x-www-form-urlencoded", "application/jsonx"]) {
      const headers: Record<string, string> = { "x-api-key": key };
      if (type) headers["content-type"] = type;
      const response = await send(app, "/api/v1/search", {
        method: "POST",
        headers,
        body: '{"query":"road"}',
      });
      await expectError(response, "unsupported_media_type", 415);
    }
    const withCharset = await postJson(app, "/api/v1/search", { query: "road" }, key, {
      "content-type": "Application/JSON; charset=utf-8",
    });
    expect(withCharset.status).toBe(200);
  });

  it("rate_limit_exceeded 429", async () => {
    const { key: one } = await createApiKey(tdb.db, { name: "one", limitPerMinute: 1 });
    await awaitFreshMinute(tdb.db);
    expect((await postJson(app, "/api/v1/search", { query: "road" }, one)).status).toBe(200);
    await expectError(await postJson(app, "/api/v1/ask", { query: "road" }, one), "rate_limit_exceeded", 429);
  }, 60_000);

  it("internal_error 500: no stack, no driver text, the error logged with the request id", async () => {
    const deps = testDeps(tdb.db, {
      ai: {
        ...createFakeProvider(),
        embed: async () => {
          throw new Error("boom at /srv/secret/path.ts:12:3");
        },
      },
    });
    const response = await postJson(createApp(deps), "/api/v1/search", { query: "road" }, key, {
      "x-request-id": "trace-500",
    });
    const error = await expectError(response, "internal_error", 500);
    expect(error.message).not.toMatch(/boom|secret/);
    const logged = deps.lines.find((line) => line.msg === "request failed unexpectedly");
    expect(logged).toMatchObject({
      level: "error",
      request_id: "trace-500",
      err: { message: expect.stringContaining("boom") },
    });

    // A vector of the wrong dimension makes PostgreSQL fail the query: its text stays in the log.
    const driverDeps = testDeps(tdb.db, { ai: { ...createFakeProvider(), embed: async () => [[0.6, 0.8]] } });
    const driver = await postJson(createApp(driverDeps), "/api/v1/search", { query: "road" }, key);
    const driverError = await expectError(driver, "internal_error", 500);
    expect(JSON.stringify(driverError)).not.toMatch(/dimension|vector|SELECT/i);
    expect(JSON.stringify(driverDeps.lines)).toMatch(/dimension/);
  });

  it("dependency_unavailable 503 when the AI provider fails", async () => {
    const failing = {
      ...createFakeProvider(),
      embed: async () => {
        throw new AiDependencyError(
          "unreachable",
          "AI server is unreachable for POST /api/embed (ECONNREFUSED)",
        );
      },
    };
    const error = await expectError(
      await postJson(appWith(failing), "/api/v1/ask", { query: "road" }, key),
      "dependency_unavailable",
      503,
    );
    expect(error.message).not.toMatch(/ECONNREFUSED|embed/);
  });

  it("request_timeout 408 and expectation_failed 417, which Node answers without the app", async () => {
    const server = await serveApp(createApp(testDeps(tdb.db)), {
      port: 0,
      host: "127.0.0.1",
      timeouts: { headersMs: 200, requestMs: 400, keepAliveMs: 200 },
    });
    try {
      const [slow, expecting] = await Promise.all([
        rawExchange(server.port, ["GET /health/live HTTP/1.1\r\nHost: x\r\n"], { waitMs: 5_000 }),
        rawExchange(
          server.port,
          ["POST /api/v1/search HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Length: 2\r\n\r\n{}"],
          { waitMs: 5_000 },
        ),
      ]);
      const [timedOut] = parseRawResponses(slow.bytes).map(toFetchResponse);
      const [refused] = parseRawResponses(expecting.bytes).map(toFetchResponse);
      expect(timedOut && refused).toBeTruthy();
      await expectError(timedOut as Response, "request_timeout", 408);
      await expectError(refused as Response, "expectation_failed", 417);
    } finally {
      await server.close(500);
    }
  });

  it("covered every code of the contracts' list", () => {
    // The database side of dependency_unavailable is in dependencies.int.test.ts.
    expect(ERROR_CODES.filter((c) => !seen.has(c))).toEqual([]);
  });
});

describe("X-Request-ID", () => {
  it("echoes a valid client value on success and on every kind of error", async () => {
    const id = "Client.req_42:abc-DEF";
    const responses = [
      await send(app, "/health/live", { headers: { "x-request-id": id } }),
      await postJson(app, "/api/v1/search", { query: "road" }, key, { "x-request-id": id }),
      await send(app, "/nowhere", { headers: { "x-request-id": id } }),
      await send(app, "/api/v1/search", { headers: { "x-request-id": id } }),
      await send(app, "/api/v1/search", {
        method: "POST",
        headers: { "x-request-id": id, "x-api-key": key },
      }),
      await send(app, "/health/live", { method: "HEAD", headers: { "x-request-id": id } }),
      await send(app, "/nowhere", { method: "HEAD", headers: { "x-request-id": id } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 404, 405, 415, 200, 404]);
    for (const response of responses) expect(response.headers.get("x-request-id")).toBe(id);
    const max = "a".repeat(128);
    expect(
      (await send(app, "/health/live", { headers: { "x-request-id": max } })).headers.get("x-request-id"),
    ).toBe(max);
  });

  it("generates a UUID v4 when the client sends none or an invalid one", async () => {
    // "a=b" and "x".repeat(200) pass hono/request-id's own check: the reason it is not used.
    const invalid = [
      "",
      "has space",
      "a".repeat(129),
      "semi;colon",
      "slash/path",
      "ünïcode",
      "a=b",
      "x".repeat(200),
    ];
    const ids = new Set<string>();
    for (const value of [undefined, ...invalid]) {
      const headers: Record<string, string> = {};
      if (value !== undefined) headers["x-request-id"] = value;
      const response = await send(app, "/nowhere", { headers });
      const id = response.headers.get("x-request-id") ?? "";
      expect(id).toMatch(UUID_V4);
      expect((await readJson(response)).error.request_id).toBe(id);
      ids.add(id);
    }
    expect(ids.size).toBe(invalid.length + 1);
  });
});
