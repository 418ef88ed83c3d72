import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOllamaProvider } from "./ollama-provider.js";
import { dependencyFailure } from "./testing/dependency-failure.js";
import {
  correctProtocols,
  startTestModelServer,
  type TestModelServer,
  testVector,
} from "./testing/test-model-server.js";

const correct = correctProtocols(["bge-m3:latest", "qwen2.5:7b", "other:latest"]);
const normalized = (v: number[]) => v.map((x) => x / Math.sqrt(v.reduce((s, y) => s + y * y, 0)));
const vectorReply = (embeddings: unknown) => () => ({ json: { embeddings } });

describe("createOllamaProvider", () => {
  let server: TestModelServer;
  const provider = (
    over: { apiKey?: string; timeoutMs?: number; chatModel?: string; baseUrl?: string } = {},
  ) =>
    createOllamaProvider({
      baseUrl: server.url,
      embedModel: "bge-m3",
      chatModel: "qwen2.5:7b",
      timeoutMs: 5000,
      ...over,
    });

  beforeAll(async () => {
    server = await startTestModelServer(correct);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.respondWith(correct);
  });

  it("embeds with POST /api/embed {model, input} and normalizes the vectors", async () => {
    const out = await provider().embed(["road", "Поставка серверов"]);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual(normalized(testVector("road")).map((x) => expect.closeTo(x, 12)));
    expect(out[1]).toEqual(normalized(testVector("Поставка серверов")).map((x) => expect.closeTo(x, 12)));
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/api/embed");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({ model: "bge-m3", input: ["road", "Поставка серверов"] });
  });

  it("sends no request for no texts", async () => {
    expect(await provider().embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("sends the bearer key when set and accepts a base URL ending with /", async () => {
    await provider({ apiKey: "sk-secret", baseUrl: `${server.url}/` }).embed(["road"]);
    expect(server.requests[0]?.path).toBe("/api/embed");
    expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-secret");
  });

  it("returns null for an all-zero vector", async () => {
    server.respondWith(vectorReply([new Array(1024).fill(0)]));
    expect(await provider().embed(["x"])).toEqual([null]);
  });

  it.each([
    ["too few vectors", [testVector("a")], 2],
    ["too many vectors", [testVector("a"), testVector("b"), testVector("c")], 2],
    ["1023 numbers", [testVector("a", 1023)], 1],
    ["1025 numbers", [testVector("a", 1025)], 1],
    ["a string inside", [["0.5", ...testVector("a", 1023)]], 1],
    ["a null inside", [[null, ...testVector("a", 1023)]], 1],
    ["a vector that is not an array", [{ 0: 1 }], 1],
    ["no embeddings array", null, 1],
  ])("rejects %s as invalid_response", async (_, embeddings, count) => {
    server.respondWith(vectorReply(embeddings));
    const texts = Array.from({ length: count }, (_, i) => `text ${i}`);
    expect((await dependencyFailure(provider().embed(texts))).kind).toBe("invalid_response");
  });

  it("rejects an infinite number (1e999) and a NaN literal", async () => {
    const rest = testVector("a", 1023).join(",");
    server.respondWith(() => ({ raw: `{"embeddings":[[1e999,${rest}]]}` }));
    expect((await dependencyFailure(provider().embed(["a"]))).kind).toBe("invalid_response");
    server.respondWith(() => ({ raw: `{"embeddings":[[NaN,${rest}]]}` }));
    expect((await dependencyFailure(provider().embed(["a"]))).kind).toBe("invalid_json");
  });

  it("turns HTTP 500 into an http error that quotes neither the body nor the key", async () => {
    server.respondWith(() => ({ status: 500, json: { error: "model crashed: secret-internal-path" } }));
    const error = await dependencyFailure(provider({ apiKey: "sk-secret" }).embed(["a"]));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(500);
    expect(error.message).toBe("AI server answered POST /api/embed with HTTP 500");
  });

  it("generates with POST /api/chat, no streaming, temperature 0", async () => {
    const answer = await provider().generate({ system: "rules", user: "question" });
    expect(answer).toBe("answer by qwen2.5:7b");
    expect(server.requests[0]?.path).toBe("/api/chat");
    expect(server.requests[0]?.body).toEqual({
      model: "qwen2.5:7b",
      messages: [
        { role: "system", content: "rules" },
        { role: "user", content: "question" },
      ],
      stream: false,
      options: { temperature: 0 },
    });
  });

  it("rejects a chat answer without content or with blank content", async () => {
    server.respondWith(() => ({ json: { message: { role: "assistant" } } }));
    expect((await dependencyFailure(provider().generate({ system: "s", user: "u" }))).kind).toBe(
      "invalid_response",
    );
    server.respondWith(() => ({ json: { message: { role: "assistant", content: "  " } } }));
    expect((await dependencyFailure(provider().generate({ system: "s", user: "u" }))).kind).toBe(
      "invalid_response",
    );
  });

  it("is healthy when GET /api/tags lists both models, bge-m3 matching bge-m3:latest", async () => {
    expect(await provider().health()).toEqual({ ok: true });
    expect(server.requests[0]).toMatchObject({ method: "GET", path: "/api/tags", body: null });
    expect(await provider({ chatModel: "other" }).health()).toEqual({ ok: true });
  });

  it("is unhealthy when a configured model is missing or the server fails", async () => {
    expect(await provider({ chatModel: "llama3:8b" }).health()).toEqual({
      ok: false,
      reason: "AI server does not list model llama3:8b",
    });
    server.respondWith(() => ({ status: 503, json: {} }));
    expect(await provider().health()).toEqual({
      ok: false,
      reason: "AI server answered GET /api/tags with HTTP 503",
    });
    server.respondWith(() => ({ json: { models: "none" } }));
    expect(await provider().health()).toMatchObject({ ok: false });
  });
});
