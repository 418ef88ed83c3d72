import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AiProvider } from "./ai-provider.js";
import type { LiveProviderOptions } from "./live-provider-options.js";
import { createOllamaProvider } from "./ollama-provider.js";
import { createOpenAiProvider } from "./openai-provider.js";
import { dependencyFailure } from "./testing/dependency-failure.js";
import { type StreamProtocol, scriptedStream } from "./testing/scripted-stream.js";
import { type Reply, startTestModelServer, type TestModelServer } from "./testing/test-model-server.js";

// Streamed answers of both protocols, and every way a stream can go wrong, each with the
// outcome the caller sees.

const protocols: {
  name: string;
  protocol: StreamProtocol;
  create: (o: LiveProviderOptions) => AiProvider;
}[] = [
  { name: "Ollama", protocol: "ollama", create: createOllamaProvider },
  { name: "OpenAI-compatible", protocol: "openai", create: createOpenAiProvider },
];

const prompt = { system: "rules", user: "Question: q?" };
const pieces = ["Roads ", "are ", "repaired ", "[1", "]."];

let server: TestModelServer;
beforeAll(async () => {
  server = await startTestModelServer(() => ({ status: 404, json: {} }));
});
afterAll(() => server.close());

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const seen: string[] = [];
  for await (const piece of stream) seen.push(piece);
  return seen;
}

describe.each(protocols)("$name streaming", ({ protocol, create }) => {
  const provider = (options: Partial<LiveProviderOptions> = {}) =>
    create({ baseUrl: server.url, embedModel: "e", chatModel: "chat-m", timeoutMs: 2_000, ...options });
  const answer = (reply: Reply) => server.respondWith(() => reply);

  it("yields the pieces as the server sends them, asking for a stream", async () => {
    answer({ script: scriptedStream(protocol, pieces) });
    expect(await collect(provider().generateStream(prompt))).toEqual(pieces);
    const request = server.requests.at(-1);
    expect(request?.body).toMatchObject({ model: "chat-m", stream: true });
    expect((request?.body as { messages?: unknown[] } | undefined)?.messages).toEqual([
      { role: "system", content: "rules" },
      { role: "user", content: "Question: q?" },
    ]);
  });

  it("bounds the wait between pieces, not the whole answer: a long answer that keeps flowing is fine", async () => {
    const many = Array.from({ length: 20 }, (_, i) => `w${i} `);
    answer({ script: scriptedStream(protocol, many, { gapMs: 60 }) });
    // 20 pieces 60 ms apart take over a second; each gap is far below the 600 ms bound.
    expect((await collect(provider({ timeoutMs: 600 }).generateStream(prompt))).join("")).toBe(many.join(""));
  });

  it("a stall after the first piece: timeout, and the request to the server is aborted", async () => {
    answer({ script: scriptedStream(protocol, pieces, { ending: "stall" }) });
    const aborts = server.clientAborts;
    const seen: string[] = [];
    const error = await dependencyFailure(
      (async () => {
        for await (const piece of provider({ timeoutMs: 300 }).generateStream(prompt)) seen.push(piece);
      })(),
    );
    expect(error.kind).toBe("timeout");
    expect(seen).toEqual(["Roads "]);
    await vi.waitFor(() => expect(server.clientAborts).toBe(aborts + 1));
  });

  it("a server that sends nothing: timeout before the first piece", async () => {
    answer("hang");
    expect((await dependencyFailure(collect(provider({ timeoutMs: 300 }).generateStream(prompt)))).kind).toBe(
      "timeout",
    );
  });

  it.each([
    ["broken_line", "invalid_json"],
    ["disconnect", "unreachable"],
    ["error", "http"],
  ] as const)("%s after the first piece fails as %s", async (ending, kind) => {
    answer({ script: scriptedStream(protocol, pieces, { ending }) });
    expect((await dependencyFailure(collect(provider().generateStream(prompt)))).kind).toBe(kind);
  });

  it("HTTP 500 before the first piece fails as http with the status", async () => {
    answer({ status: 500, json: { error: "internal details" } });
    const error = await dependencyFailure(collect(provider().generateStream(prompt)));
    expect([error.kind, error.status]).toEqual(["http", 500]);
    expect(error.message).not.toContain("internal details");
  });

  it("an answer that ends without its end marker is invalid", async () => {
    const whole = scriptedStream(protocol, pieces);
    answer({ script: { ...whole, steps: whole.steps.slice(0, 2) } });
    expect((await dependencyFailure(collect(provider().generateStream(prompt)))).kind).toBe(
      "invalid_response",
    );
  });

  it("counts streamed characters against AI_MAX_ANSWER_CHARS", async () => {
    answer({
      script: scriptedStream(
        protocol,
        Array.from({ length: 5 }, () => "x".repeat(30)),
      ),
    });
    const error = await dependencyFailure(collect(provider({ maxAnswerChars: 100 }).generateStream(prompt)));
    expect(error.kind).toBe("too_large");
  });

  it("a blank answer is invalid", async () => {
    answer({ script: scriptedStream(protocol, [" ", "\n"]) });
    expect((await dependencyFailure(collect(provider().generateStream(prompt)))).kind).toBe(
      "invalid_response",
    );
  });

  it("a caller that stops reading, or aborts, aborts the request to the server", async () => {
    answer({ script: scriptedStream(protocol, pieces, { ending: "stall" }) });
    const before = server.clientAborts;
    for await (const piece of provider().generateStream(prompt)) {
      expect(piece).toBe("Roads ");
      break;
    }
    await vi.waitFor(() => expect(server.clientAborts).toBe(before + 1));

    const controller = new AbortController();
    const stream = provider().generateStream(prompt, { signal: controller.signal });
    const reading = collect(stream);
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    setTimeout(() => controller.abort(new Error("client went away")), 50);
    await expect(reading).rejects.toThrow("client went away");
    await vi.waitFor(() => expect(server.clientAborts).toBe(before + 2));
  });

  it("the non-streamed generate is unchanged: one JSON answer", async () => {
    const message = { role: "assistant", content: "whole [1]" };
    answer({
      json: protocol === "ollama" ? { message } : { choices: [{ index: 0, message, finish_reason: "stop" }] },
    });
    expect(await provider().generate(prompt)).toBe("whole [1]");
    expect(server.requests.at(-1)?.body).not.toMatchObject({ stream: true });
  });
});

describe("OpenAI-compatible streaming, Server-Sent Events as servers may frame them", () => {
  const provider = () =>
    createOpenAiProvider({ baseUrl: server.url, embedModel: "e", chatModel: "m", timeoutMs: 2_000 });
  const chunk = (content: string) => JSON.stringify({ choices: [{ index: 0, delta: { content } }] });
  // CRLF, CR and LF line endings, a comment, an event whose data spans two lines.
  const body = [
    ": keep-alive\r\n\r\n",
    `data: ${chunk("Roads ")}\r\n\r\n`,
    `data: {"choices":[{"index":0,\r\ndata: "delta":{"content":"are "}}]}\r\r`,
    `event: message\ndata: ${chunk("repaired.")}\n\n`,
    "data: [DONE]\r\n\r\n",
  ].join("");

  it("gives the same pieces however the body is cut, a CR and its LF in different writes included", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 6 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), body.length];
          const steps = points
            .slice(1)
            .flatMap((end, i) => [{ write: body.slice(points[i], end) }, { waitMs: 2 }]);
          server.respondWith(() => ({ script: { contentType: "text/event-stream", steps } }));
          expect(await collect(provider().generateStream(prompt))).toEqual(["Roads ", "are ", "repaired."]);
        },
      ),
      { numRuns: 15, examples: [[[body.indexOf("\r") + 1]]] },
    );
  });
});
