import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { unroutableRequestResponse } from "../errors/unroutable-request.js";
import { answerOutsideApp } from "./answer-outside-app.js";

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

/** How long a client may take to send its request, and to keep an idle connection. */
export interface ServerTimeouts {
  /** All headers must arrive within this (HTTP_HEADERS_TIMEOUT_MS). */
  headersMs: number;
  /** The whole request, body included, must arrive within this (HTTP_REQUEST_TIMEOUT_MS). */
  requestMs: number;
  /** An idle keep-alive connection closes after this, plus Node's 1 s grace (HTTP_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveMs: number;
}

/** The defaults of the gateway's environment. */
export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
};

// How often idle keep-alive connections are closed while draining.
const DRAIN_INTERVAL_MS = 50;

/**
 * Serves the app on `host:port` through @hono/node-server's request listener. Requests the
 * adapter cannot turn into a `Request`, and whatever Node answers by itself (unparsable bytes,
 * timeouts, `Expect`, `CONNECT`), also get the error envelope and `X-Request-ID`. A client
 * sending its headers or body too slowly gets 408 after the timeouts, and the connection closes.
 */
export async function serveApp(
  app: Hono<AppEnv>,
  options: { port: number; host: string; timeouts: ServerTimeouts },
): Promise<ServedApp> {
  const { timeouts } = options;
  const listener = getRequestListener(app.fetch, {
    hostname: options.host,
    errorHandler: unroutableRequestResponse,
  });
  const server = createServer(
    {
      // Without Host the adapter, not Node, refuses the request: then it gets the envelope too.
      requireHostHeader: false,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // Node looks for expired requests only this often (30 s by default), which would stretch
      // a short timeout by as much.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
    },
    listener,
  );
  answerOutsideApp(server);
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
