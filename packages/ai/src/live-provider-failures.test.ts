import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AiDependencyErrorKind } from "./ai-dependency-error.js";
import type { AiProvider } from "./ai-provider.js";
import type { LiveProviderOptions } from "./live-provider-options.js";
import { createOllamaProvider } from "./ollama-provider.js";
import { createOpenAiProvider } from "./openai-provider.js";
import { embedAnswerMaxBytes } from "./response-bounds.js";
import { dependencyFailure } from "./testing/dependency-failure.js";
import {
  correctProtocols,
  type Reply,
  startTestModelServer,
  type TestModelServer,
  testVector,
} from "./testing/test-model-server.js";

// Every way a model server can fail, against both protocols: each must end as the one typed
// dependency error, of the right kind, whichever protocol the server speaks.

/** Raw JSON text of `vectors` (already JSON number text) in the protocol's embedding answer. */
type EmbedBody = (vectors: string[]) => string;

interface Protocol {
  name: string;
  create: (options: LiveProviderOptions) => AiProvider;
  embedPath: string;
  chatPath: string;
  embedBody: EmbedBody;
  /** The start of an embeddings answer whose first vector never ends. */
  embedPrefix: string;
  /** The start of a chat answer whose text never ends. */
  chatPrefix: string;
  chatBody: (content: string) => unknown;
}

const protocols: Protocol[] = [
  {
    name: "Ollama",
    create: createOllamaProvider,
    embedPath: "/api/embed",
    chatPath: "/api/chat",
    embedBody: (vectors) => `{"embeddings":[${vectors.map((x) => `[${x}]`).join(",")}]}`,
    embedPrefix: '{"embeddings":[[',
    chatPrefix: '{"message":{"role":"assistant","content":"',
    chatBody: (content) => ({ message: { role: "assistant", content } }),
  },
  {
    name: "OpenAI-compatible",
    create: createOpenAiProvider,
    embedPath: "/v1/embeddings",
    chatPath: "/v1/chat/completions",
    embedBody: (vectors) =>
      `{"object":"list","data":[${vectors
        .map((x, index) => `{"object":"embedding","index":${index},"embedding":[${x}]}`)
        .join(",")}]}`,
    embedPrefix: '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[',
    chatPrefix: '{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"',
    chatBody: (content) => ({ choices: [{ index: 0, message: { role: "assistant", content } }] }),
  },
];

const numbers = (text: string, dimension = 1024) => testVector(text, dimension).join(",");

/** Embedding answers for the two inputs "a" and "b" that break one rule each. */
const badEmbeddings: [string, (body: EmbedBody) => Reply, AiDependencyErrorKind][] = [
  ["one vector for two inputs", (body) => ({ raw: body([numbers("a")]) }), "invalid_response"],
  [
    "three vectors for two inputs",
    (body) => ({ raw: body(["a", "b", "c"].map((t) => numbers(t))) }),
    "invalid_response",
  ],
  [
    "a vector of 1023 numbers",
    (body) => ({ raw: body([numbers("a"), numbers("b", 1023)]) }),
    "invalid_response",
  ],
  [
    "a vector of 1025 numbers",
    (body) => ({ raw: body([numbers("a"), numbers("b", 1025)]) }),
    "invalid_response",
  ],
  [
    "a NaN inside a vector",
    (body) => ({ raw: body([numbers("a"), `NaN,${numbers("b", 1023)}`]) }),
    "invalid_json",
  ],
  [
    "an infinite number (1e999)",
    (body) => ({ raw: body([numbers("a"), `1e999,${numbers("b", 1023)}`]) }),
    "invalid_response",
  ],
  [
    "a null inside a vector",
    (body) => ({ raw: body([numbers("a"), `null,${numbers("b", 1023)}`]) }),
    "invalid_response",
  ],
  ["a body that is not JSON", () => ({ raw: "<html>upstream error</html>" }), "invalid_json"],
  [
    "a body cut off mid-vector",
    (body) => ({ raw: body([numbers("a"), numbers("b")]).slice(0, 500) }),
    "invalid_json",
  ],
  ["HTTP 500", () => ({ status: 500, json: { error: "out of memory" } }), "http"],
  ["HTTP 503 with a non-JSON body", () => ({ status: 503, raw: "Service Unavailable" }), "http"],
  ["no answer within the timeout", () => "hang", "timeout"],
];

/** Chat answers that break one rule each. */
const badChats: [string, Reply, AiDependencyErrorKind][] = [
  ["HTTP 500", { status: 500, json: { error: "model crashed" } }, "http"],
  ["a body that is not JSON", { raw: "not json" }, "invalid_json"],
  ["an empty body", { raw: "" }, "invalid_json"],
  ["a JSON answer without text", { json: {} }, "invalid_response"],
  ["no answer within the timeout", "hang", "timeout"],
];

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const HUGE = 300 * 1024 * 1024;

describe.each(protocols)("$name provider failures", (protocol) => {
  const { create, embedPath, chatPath, embedBody } = protocol;
  let server: TestModelServer;
  const correct = correctProtocols(["bge-m3", "chat-model"]);
  const provider = (over: Partial<LiveProviderOptions> = {}) =>
    create({ baseUrl: server.url, embedModel: "bge-m3", chatModel: "chat-model", timeoutMs: 5_000, ...over });
  // Only the call under test fails; other paths still answer correctly.
  const failOn = (path: string, reply: Reply) =>
    server.respondWith((request) => (request.path === path ? reply : correct(request)));

  beforeAll(async () => {
    server = await startTestModelServer(correct);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.respondWith(correct);
  });

  it("embeds two texts when the server answers correctly", async () => {
    const vectors = await provider().embed(["a", "b"]);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) expect(Math.hypot(...(vector ?? []))).toBeCloseTo(1, 12);
    expect(server.requests.map((r) => r.path)).toEqual([embedPath]);
  });

  it.each(badEmbeddings)("embed: %s is a %s dependency error", async (_, reply, kind) => {
    failOn(embedPath, reply(embedBody));
    const timeoutMs = kind === "timeout" ? 100 : 5_000;
    const error = await dependencyFailure(provider({ timeoutMs }).embed(["a", "b"]));
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(embedPath);
  });

  it.each(badChats)("generate: %s is a %s dependency error", async (_, reply, kind) => {
    failOn(chatPath, reply);
    const timeoutMs = kind === "timeout" ? 100 : 5_000;
    const error = await dependencyFailure(provider({ timeoutMs }).generate({ system: "s", user: "u" }));
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(chatPath);
  });

  it("a server that is not there is an unreachable dependency error, and unhealthy", async () => {
    const gone = provider({ baseUrl: `http://127.0.0.1:${await closedPort()}` });
    expect((await dependencyFailure(gone.embed(["a"]))).kind).toBe("unreachable");
    expect((await dependencyFailure(gone.generate({ system: "s", user: "u" }))).kind).toBe("unreachable");
    expect(await gone.health()).toMatchObject({ ok: false });
  });

  it("an HTTP error never quotes the response body or the API key", async () => {
    failOn(embedPath, { status: 500, json: { error: "internal path /srv/models/secret" } });
    const error = await dependencyFailure(provider({ apiKey: "sk-live-secret" }).embed(["a"]));
    expect(error.status).toBe(500);
    expect(error.message).not.toMatch(/secret|\/srv/);
  });

  describe.each([
    ["with Content-Length", true],
    ["chunked, without Content-Length", false],
  ])("an oversized answer %s", (_, declareLength) => {
    it("embed: fails as too_large without reading the rest (300 MB offered)", async () => {
      const sentBefore = server.streamedBytes;
      failOn(embedPath, {
        stream: {
          prefix: protocol.embedPrefix,
          filler: "0.12345678901234567,",
          totalBytes: HUGE,
          declareLength,
        },
      });
      const error = await dependencyFailure(provider().embed(["a", "b"]));
      expect([error.kind, error.message]).toEqual([
        "too_large",
        `AI server answered POST ${embedPath} with more than ${embedAnswerMaxBytes(2)} bytes`,
      ]);
      // The server got to write at most what fits in socket buffers, never the whole body.
      expect(server.streamedBytes - sentBefore).toBeLessThan(32 * 1024 * 1024);
    });

    it("generate: fails as too_large without reading the rest (300 MB offered)", async () => {
      const sentBefore = server.streamedBytes;
      failOn(chatPath, {
        stream: { prefix: protocol.chatPrefix, filler: "blah ".repeat(200), totalBytes: HUGE, declareLength },
      });
      const error = await dependencyFailure(
        provider({ maxAnswerChars: 1_000 }).generate({ system: "s", user: "u" }),
      );
      expect(error.kind).toBe("too_large");
      expect(error.message).toContain(chatPath);
      expect(server.streamedBytes - sentBefore).toBeLessThan(32 * 1024 * 1024);
    });
  });

  it("generate: an answer longer than maxAnswerChars fails, one at the bound is returned", async () => {
    failOn(chatPath, { json: protocol.chatBody("x".repeat(1_001)) });
    const error = await dependencyFailure(
      provider({ maxAnswerChars: 1_000 }).generate({ system: "s", user: "u" }),
    );
    expect([error.kind, error.message]).toEqual([
      "too_large",
      `AI server answered POST ${chatPath} with more than 1000 characters`,
    ]);
    failOn(chatPath, { json: protocol.chatBody("y".repeat(1_000)) });
    await expect(
      provider({ maxAnswerChars: 1_000 }).generate({ system: "s", user: "u" }),
    ).resolves.toHaveLength(1_000);
  });

  it("embed: a full batch of correct vectors fits the bound computed for it", async () => {
    const texts = Array.from({ length: 64 }, (_, i) => `text ${i}`);
    await expect(provider().embed(texts)).resolves.toHaveLength(64);
  });
});
