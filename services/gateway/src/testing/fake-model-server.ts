import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** How the server answers one request: a status and a raw body (JSON text or garbage). */
export interface ModelReply {
  status?: number;
  body: string;
}

export interface FakeModelServer {
  url: string;
  /** Paths requested, in order (`POST /v1/embeddings`). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A model server on loopback speaking whatever `answer` says: lets a test drive a live
 * provider (real HTTP, real protocol parsing) into each failure.
 */
export async function startFakeModelServer(
  answer: (method: string, path: string, body: unknown) => ModelReply,
): Promise<FakeModelServer> {
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    requests.push(`${method} ${path}`);
    const reply = answer(method, path, raw === "" ? null : JSON.parse(raw));
    res.writeHead(reply.status ?? 200, { "content-type": "application/json" }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
