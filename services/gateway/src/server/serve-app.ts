import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { clientErrorReply } from "../errors/client-error-reply.js";
import { unroutableRequestResponse } from "../errors/unroutable-request.js";

/** A listening HTTP server of the app. */
export interface ServedApp {
  /** The port actually bound (useful with port 0). */
  port: number;
  /**
   * Graceful stop: stops accepting connections, lets in-flight requests finish, closes idle
   * keep-alive connections as they become idle, and after `timeoutMs` cuts what is left.
   * Resolves when every connection is closed.
   */
  close(timeoutMs: number): Promise<void>;
}

// How often idle keep-alive connections are closed while draining.
const DRAIN_INTERVAL_MS = 50;

/**
 * Serves the app on `host:port` through @hono/node-server's request listener. Requests the
 * adapter cannot turn into a `Request`, and bytes Node cannot parse as HTTP, also get the error
 * envelope and `X-Request-ID`.
 */
export async function serveApp(
  app: Hono<AppEnv>,
  options: { port: number; host: string },
): Promise<ServedApp> {
  const listener = getRequestListener(app.fetch, {
    hostname: options.host,
    errorHandler: unroutableRequestResponse,
  });
  // Without Host the adapter, not Node, refuses the request: then it gets the envelope too.
  const server = createServer({ requireHostHeader: false }, listener);
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) socket.destroy();
    else socket.end(clientErrorReply(error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  let closing: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    close(timeoutMs) {
      closing ??= new Promise<void>((resolve, reject) => {
        const drain = setInterval(() => server.closeIdleConnections(), DRAIN_INTERVAL_MS);
        const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
        server.close((error) => {
          clearInterval(drain);
          clearTimeout(cut);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
