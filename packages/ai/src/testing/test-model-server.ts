import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
// `.ts`: benchmarks run this file with Node directly, and test helpers are not compiled.
import { type ScriptedBody, scriptedStream } from "./scripted-stream.ts";

/** A request as the test server received it; `body` is parsed JSON, or null for a GET. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A body written piece by piece: `prefix`, then `filler` again and again until `totalBytes` were
 * written or the client went away. With `declareLength` the headers announce `totalBytes` as
 * Content-Length; without, the body is chunked.
 */
export interface StreamedBody {
  prefix: string;
  filler: string;
  totalBytes: number;
  declareLength: boolean;
}

/**
 * What to answer: a status with a JSON value, a raw, streamed or scripted body, or never to
 * answer at all.
 */
export type Reply =
  | { status?: number; json?: unknown; raw?: string; stream?: StreamedBody; script?: ScriptedBody }
  | "hang";
export type Responder = (request: RecordedRequest) => Reply;

export interface TestModelServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234. */
  url: string;
  requests: RecordedRequest[];
  /** Bytes of streamed bodies actually written to clients so far. */
  readonly streamedBytes: number;
  /** Requests whose client went away before the answer was complete (the server did not cut them). */
  readonly clientAborts: number;
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
    const streamed = (body as { stream?: unknown } | null)?.stream === true;
    const answer = ["answer ", "by ", String(b.model)];
    if (key === "POST /api/chat" && streamed) return { script: scriptedStream("ollama", answer) };
    if (key === "POST /v1/chat/completions" && streamed) return { script: scriptedStream("openai", answer) };
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

export interface TestModelServerOptions {
  /**
   * Stand-in for a model on CPU: embedding requests are answered one at a time, each after this
   * many milliseconds per input text (default 0: at once).
   */
  embedMsPerText?: number;
}

/** A local HTTP model server on 127.0.0.1 (random port) that records every request. */
export async function startTestModelServer(
  responder: Responder,
  options: TestModelServerOptions = {},
): Promise<TestModelServer> {
  let respond = responder;
  // The queue of a model that embeds one request at a time.
  let modelBusy: Promise<unknown> = Promise.resolve();
  const charge = (body: unknown) => {
    const input = (body as { input?: unknown } | null)?.input;
    const ms = (options.embedMsPerText ?? 0) * (Array.isArray(input) ? input.length : 0);
    if (ms === 0) return Promise.resolve();
    const turn = modelBusy.then(() => new Promise((resolve) => setTimeout(resolve, ms)));
    modelBusy = turn;
    return turn;
  };
  const requests: RecordedRequest[] = [];
  let streamedBytes = 0;
  let clientAborts = 0;
  const script = async (res: ServerResponse, status: number, body: ScriptedBody) => {
    let cut = false;
    res.once("close", () => {
      if (!res.writableEnded && !cut) clientAborts += 1;
    });
    res.writeHead(status, { "content-type": body.contentType });
    // Headers go out at once, as a streaming model server sends them before the first token.
    res.flushHeaders();
    for (const step of body.steps) {
      if (res.destroyed) return;
      if (step === "hang") return;
      if (step === "disconnect") {
        cut = true;
        res.socket?.destroy();
        return;
      }
      if ("write" in step) res.write(step.write);
      else await new Promise((resolve) => setTimeout(resolve, step.waitMs));
    }
    if (!res.destroyed) res.end();
  };
  const stream = (res: ServerResponse, status: number, body: StreamedBody) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (body.declareLength) headers["content-length"] = String(body.totalBytes);
    res.writeHead(status, headers);
    let written = 0;
    const next = () => {
      while (!res.destroyed && written < body.totalBytes) {
        const piece = (written === 0 ? body.prefix : body.filler).slice(0, body.totalBytes - written);
        written += Buffer.byteLength(piece);
        streamedBytes += Buffer.byteLength(piece);
        if (!res.write(piece)) return void res.once("drain", next);
      }
      if (!res.destroyed) res.end();
    };
    res.once("close", () => res.removeAllListeners("drain"));
    next();
  };
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
    await charge(request.body);
    const reply = respond(request);
    if (reply === "hang") return;
    if (reply.stream) return stream(res, reply.status ?? 200, reply.stream);
    if (reply.script) return script(res, reply.status ?? 200, reply.script);
    res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    res.end(reply.raw ?? JSON.stringify(reply.json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get streamedBytes() {
      return streamedBytes;
    },
    get clientAborts() {
      return clientAborts;
    },
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
