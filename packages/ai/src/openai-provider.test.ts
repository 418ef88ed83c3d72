import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOpenAiProvider, openAiServerRoot } from "./openai-provider.js";
import { dependencyFailure } from "./testing/dependency-failure.js";
import {
  correctProtocols,
  startTestModelServer,
  type TestModelServer,
  testVector,
} from "./testing/test-model-server.js";

const correct = correctProtocols(["bge-m3", "qwen2.5-7b-instruct"]);
const unit = (v: number[]) => v.map((x) => expect.closeTo(x / Math.hypot(...v), 12));
const data =
  (...items: [number, unknown][]) =>
  () => ({
    json: {
      object: "list",
      data: items.map(([index, embedding]) => ({ object: "embedding", index, embedding })),
    },
  });

describe("createOpenAiProvider", () => {
  let server: TestModelServer;
  const provider = (
    over: { apiKey?: string; baseUrl?: string; chatModel?: string; timeoutMs?: number } = {},
  ) =>
    createOpenAiProvider({
      baseUrl: server.url,
      embedModel: "bge-m3",
      chatModel: "qwen2.5-7b-instruct",
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

  it("embeds with POST /v1/embeddings {model, input, encoding_format: float}", async () => {
    const out = await provider({ apiKey: "sk-test" }).embed(["road", "Поставка"]);
    expect(out).toEqual([unit(testVector("road")), unit(testVector("Поставка"))]);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/embeddings" });
    expect(request?.body).toEqual({ model: "bge-m3", input: ["road", "Поставка"], encoding_format: "float" });
    expect(request?.headers.authorization).toBe("Bearer sk-test");
  });

  it.each(["", "/", "/v1", "/v1/", "/v1//"])("accepts the base URL with suffix %j", async (suffix) => {
    await provider({ baseUrl: `${server.url}${suffix}` }).embed(["a"]);
    expect(server.requests[0]?.path).toBe("/v1/embeddings");
    expect(openAiServerRoot(`http://h/proxy${suffix}`)).toBe("http://h/proxy");
  });

  it("puts vectors back in input order by index", async () => {
    const [a, b, c] = [testVector("a"), testVector("bb"), testVector("ccc")];
    server.respondWith(data([2, c], [0, a], [1, b]));
    expect(await provider().embed(["a", "bb", "ccc"])).toEqual([unit(a), unit(b), unit(c)]);
  });

  it.each([
    ["a duplicate index", data([0, testVector("a")], [0, testVector("b")])],
    ["an index out of range", data([0, testVector("a")], [2, testVector("b")])],
    ["one vector for two inputs", data([0, testVector("a")])],
    ["a short vector", data([0, testVector("a")], [1, testVector("b", 1000)])],
    ["a string inside a vector", data([0, testVector("a")], [1, [..."x".repeat(1024)]])],
    ["a base64 string instead of a vector", data([0, "AAAA"], [1, "AAAA"])],
    [
      "a missing index",
      () => ({ json: { data: [{ embedding: testVector("a") }, { embedding: testVector("b") }] } }),
    ],
    ["no data array", () => ({ json: { object: "list" } })],
  ])("rejects %s as invalid_response", async (_, reply) => {
    server.respondWith(reply);
    expect((await dependencyFailure(provider().embed(["a", "b"]))).kind).toBe("invalid_response");
  });

  it("sends no request for no texts", async () => {
    expect(await provider().embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("generates with POST /v1/chat/completions at temperature 0", async () => {
    expect(await provider().generate({ system: "rules", user: "question" })).toBe(
      "answer by qwen2.5-7b-instruct",
    );
    expect(server.requests[0]?.path).toBe("/v1/chat/completions");
    expect(server.requests[0]?.body).toEqual({
      model: "qwen2.5-7b-instruct",
      messages: [
        { role: "system", content: "rules" },
        { role: "user", content: "question" },
      ],
      temperature: 0,
    });
  });

  it.each([
    ["no choices", { choices: [] }],
    ["null content", { choices: [{ message: { role: "assistant", content: null } }] }],
    ["blank content", { choices: [{ message: { role: "assistant", content: "\n" } }] }],
    ["no message", { choices: [{ text: "hi" }] }],
  ])("rejects a chat answer with %s", async (_, json) => {
    server.respondWith(() => ({ json }));
    expect((await dependencyFailure(provider().generate({ system: "s", user: "u" }))).kind).toBe(
      "invalid_response",
    );
  });

  it("turns a 502 and a timeout into dependency errors", async () => {
    server.respondWith(() => ({ status: 502, raw: "Bad Gateway" }));
    expect((await dependencyFailure(provider().generate({ system: "s", user: "u" }))).kind).toBe("http");
    server.respondWith(() => "hang");
    expect((await dependencyFailure(provider({ timeoutMs: 50 }).embed(["a"]))).kind).toBe("timeout");
  });

  it("is healthy only when GET /v1/models lists both models", async () => {
    expect(await provider().health()).toEqual({ ok: true });
    expect(server.requests[0]).toMatchObject({ method: "GET", path: "/v1/models" });
    expect(await provider({ chatModel: "gpt-4o" }).health()).toEqual({
      ok: false,
      reason: "AI server does not list model gpt-4o",
    });
    server.respondWith(() => ({ raw: "not json" }));
    expect(await provider().health()).toMatchObject({ ok: false });
  });
});
