import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the test server received it; `body` is parsed JSON, or null for a GET. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** What to answer: a status with a JSON value or a raw body, or never to answer at all. */
export type Reply = { status?: number; json?: unknown; raw?: string } | "hang";
export type Responder = (request: RecordedRequest) => Reply;

export interface TestModelServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234. */
  url: string;
  requests: RecordedRequest[];
  /** Replaces how the server answers from the next request on. */
  respondWith(responder: Responder): void;
  close(): Promise<void>;
}

/** An unnormalized but deterministic test vector: its length depends on the input text. */
export function testVector(text: string, dimension = 1024): number[] {
  return Array.from({ length: dimension }, (_, i) => ((i * 7 + text.length) % 11) - 5);
}

/** Answers both protocols correctly (Ollama native and OpenAI-compatible) for the listed models. */
export function correctProtocols(models: readonly string[]): Responder {
  return ({ method, path, body }) => {
    const b = (body ?? {}) as { model?: string; input?: string[] };
    const key = `${method} ${path}`;
    if (key === "POST /api/embed")
      return { json: { model: b.model, embeddings: (b.input ?? []).map((t) => testVector(t)) } };
    if (key === "POST /api/chat") {
      return {
        json: { model: b.model, message: { role: "assistant", content: `answer by ${b.model}` }, done: true },
      };
    }
    if (key === "GET /api/tags")
      return { json: { models: models.map((m) => ({ name: m, model: m, size: 1 })) } };
    if (key === "POST /v1/embeddings") {
      const data = (b.input ?? []).map((t, index) => ({
        object: "embedding",
        index,
        embedding: testVector(t),
      }));
      return { json: { object: "list", model: b.model, data } };
    }
    if (key === "POST /v1/chat/completions") {
      const message = { role: "assistant", content: `answer by ${b.model}` };
      return { json: { object: "chat.completion", choices: [{ index: 0, message, finish_reason: "stop" }] } };
    }
    if (key === "GET /v1/models")
      return { json: { object: "list", data: models.map((id) => ({ id, object: "model" })) } };
    return { status: 404, json: { error: "not found" } };
  };
}

/** A local HTTP model server on 127.0.0.1 (random port) that records every request. */
export async function startTestModelServer(responder: Responder): Promise<TestModelServer> {
  let respond = responder;
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const request = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body: raw === "" ? null : JSON.parse(raw),
    };
    requests.push(request);
    const reply = respond(request);
    if (reply === "hang") return;
    res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    res.end(reply.raw ?? JSON.stringify(reply.json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith(next) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging requests keep their sockets open; close() alone would wait for them forever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
