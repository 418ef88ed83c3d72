import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

/** A local HTTP server for outbound-call tests (downloads, redirects, ports); it counts requests and the responses open at once. */
export interface DocumentServer {
  /** `http://<host>:<port>` */
  origin: string;
  port: number;
  /** Requests received, per path. */
  hits: Map<string, number>;
  /** Responses not yet finished right now, and the most there ever were. */
  readonly open: number;
  readonly maxOpen: number;
  route(path: string, handler: Route): void;
  close(): Promise<void>;
}

/** Starts a server on `host` (a loopback address) and a free port; unknown paths answer 404. */
export async function startDocumentServer(host = "127.0.0.1"): Promise<DocumentServer> {
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  let open = 0;
  let maxOpen = 0;
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    response.once("close", () => {
      open -= 1;
    });
    const handler = routes.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    hits,
    get open() {
      return open;
    },
    get maxOpen() {
      return maxOpen;
    },
    route: (path, handler) => void routes.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with the bytes, a Content-Length, and the given headers. */
export function serveBytes(bytes: Uint8Array, headers: Record<string, string> = {}): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-length": String(bytes.byteLength), ...headers }).end(bytes);
  };
}

/** Answers with the bytes in pieces, chunked (no Content-Length), as a generated file would come. */
export function serveChunked(
  bytes: Uint8Array,
  headers: Record<string, string> = {},
  pieceSize = 16_384,
): Route {
  return (_request, response) => {
    response.writeHead(200, headers);
    let offset = 0;
    const next = () => {
      if (response.destroyed) return;
      if (offset >= bytes.byteLength) return void response.end();
      const piece = bytes.subarray(offset, offset + pieceSize);
      offset += piece.byteLength;
      if (response.write(piece)) setImmediate(next);
      else response.once("drain", next);
    };
    next();
  };
}

/** Redirects (302 unless told) to `location`. */
export function redirectTo(location: string, status = 302): Route {
  return (_request, response) => void response.writeHead(status, { location }).end();
}

/** Answers with only a status. */
export function status(code: number): Route {
  return (_request, response) =>
    void response.writeHead(code, { "content-type": "text/plain" }).end(`status ${code}`);
}

/** Sends headers, then one byte every `everyMs` forever: never idle, never done. */
export function trickle(everyMs: number): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-type": "application/pdf" }).flushHeaders();
    const timer = setInterval(() => response.write("x"), everyMs);
    response.once("close", () => clearInterval(timer));
  };
}
