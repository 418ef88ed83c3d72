import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AiDependencyError } from "./ai-dependency-error.js";
import { joinUrl, parseResponse, requestJson } from "./http-json.js";
import { dependencyFailure } from "./testing/dependency-failure.js";
import { startTestModelServer, type TestModelServer } from "./testing/test-model-server.js";

describe("requestJson", () => {
  let server: TestModelServer;
  let closedUrl: string;
  const get = (over: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
    requestJson({ baseUrl: server.url, path: "/api/tags", timeoutMs: 5000, maxBytes: 65_536, ...over });

  beforeAll(async () => {
    server = await startTestModelServer(() => ({ json: { ok: 1 } }));
    const closed = await startTestModelServer(() => ({ json: {} }));
    closedUrl = closed.url;
    await closed.close();
  });
  afterAll(() => server.close());

  it("GETs without a body and returns the parsed JSON", async () => {
    expect(await get()).toEqual({ ok: 1 });
    expect(server.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/tags", body: null });
    expect(server.requests.at(-1)?.headers["content-type"]).toBeUndefined();
  });

  it("gives up with a timeout error when the server never answers", async () => {
    server.respondWith(() => "hang");
    const error = await dependencyFailure(get({ timeoutMs: 50 }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("AI server did not answer GET /api/tags within 50 ms");
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error("client went away");
    server.respondWith(() => {
      controller.abort(reason);
      return "hang";
    });
    await expect(get({ signal: controller.signal })).rejects.toBe(reason);
    await expect(get({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it("reports an unreachable server", async () => {
    const error = await dependencyFailure(
      requestJson({ baseUrl: closedUrl, path: "/v1/models", timeoutMs: 5000, maxBytes: 65_536 }),
    );
    expect(error.kind).toBe("unreachable");
    expect(error.message).toBe("AI server is unreachable for GET /v1/models (ECONNREFUSED)");
  });

  it("reports a body that is not JSON without quoting it", async () => {
    server.respondWith(() => ({ raw: "<html>secret proxy page</html>" }));
    const error = await dependencyFailure(get());
    expect(error.kind).toBe("invalid_json");
    expect(error.message).not.toContain("secret");
  });

  it("reports a 4xx with its status", async () => {
    server.respondWith(() => ({ status: 401, json: { error: "bad key sk-123" } }));
    const error = await dependencyFailure(get());
    expect([error.kind, error.status, error.message.includes("sk-123")]).toEqual(["http", 401, false]);
  });
});

describe("parseResponse", () => {
  it("names the offending path, not the received value", () => {
    const schema = v.object({ data: v.array(v.object({ id: v.string() })) });
    expect(parseResponse(schema, { data: [{ id: "m" }] }, "GET /v1/models")).toEqual({ data: [{ id: "m" }] });
    const error = (() => {
      try {
        parseResponse(schema, { data: [{ id: 42 }, { id: "secret-value" }] }, "GET /v1/models");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AiDependencyError);
    expect((error as AiDependencyError).message).toBe(
      "AI server answered GET /v1/models with an unexpected shape at data.0.id",
    );
  });
});

describe("joinUrl", () => {
  it("joins with or without a trailing slash", () => {
    expect(joinUrl("http://h:1", "/api/embed")).toBe("http://h:1/api/embed");
    expect(joinUrl("http://h:1/ollama//", "/api/embed")).toBe("http://h:1/ollama/api/embed");
  });
});
