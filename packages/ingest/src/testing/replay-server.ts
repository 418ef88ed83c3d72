import { createServer, type IncomingMessage } from "node:http";

/** A request as the replay server received it. */
export interface ReplayRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
  /** Milliseconds since the server started (Date.now based). */
  at: number;
}

export interface ReplayResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Never answer (until the server closes): a hung upstream. */
  hang?: boolean;
  /** Announce the whole body's length but send only this many bytes, then drop the connection. */
  cutAfterBytes?: number;
}

export type ReplayHandler = (request: ReplayRequest) => ReplayResponse | Promise<ReplayResponse>;

export interface ReplayServer {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** `127.0.0.1:<port>` */
  readonly host: string;
  /** Every request received, in order. */
  readonly requests: ReplayRequest[];
  /** Replaces the handler (e.g. to change what the upstream serves between passes). */
  setHandler(handler: ReplayHandler): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server on 127.0.0.1 that answers with recorded (or derived) API pages, so sync
 * tests run against real HTTP without touching the real APIs.
 */
export async function startReplayServer(
  handler: ReplayHandler,
  hostname = "127.0.0.1",
): Promise<ReplayServer> {
  let current = handler;
  const requests: ReplayRequest[] = [];
  const started = Date.now();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ReplayRequest = {
      method: req.method ?? "GET",
      url: new URL(req.url ?? "/", `http://${req.headers.host ?? hostname}`),
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
      at: Date.now() - started,
    };
    requests.push(request);
    try {
      const reply = await current(request);
      if (reply.hang) return;
      const body = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? null);
      const headers = { "content-type": "application/json", ...reply.headers };
      if (reply.cutAfterBytes !== undefined) {
        const bytes = Buffer.from(body, "utf8");
        res.writeHead(reply.status ?? 200, { ...headers, "content-length": String(bytes.length) });
        res.write(bytes.subarray(0, reply.cutAfterBytes), () => res.destroy());
        return;
      }
      res.writeHead(reply.status ?? 200, headers).end(body);
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, hostname, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://${hostname}:${port}`,
    host: `${hostname}:${port}`,
    requests,
    setHandler(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
