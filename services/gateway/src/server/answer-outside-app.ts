import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { ERROR_HTTP_STATUS } from "@tender/contracts";
import { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "@tender/observability";
import { ApiError } from "../errors/api-error.js";
import { clientErrorReply } from "../errors/client-error-reply.js";
import { errorEnvelope } from "../errors/error-response.js";
import { rawErrorReply } from "../errors/raw-error-reply.js";

// After an answer that ends the connection, how long the client gets to read it while it may
// still be sending, before the socket is destroyed anyway. Destroying at once could reset the
// connection before the client has read the answer.
const CLOSE_GRACE_MS = 1_000;

/** The client's request id when the headers were parsed and it is valid, else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const header = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  return acceptOrCreateRequestId(typeof header === "string" ? header : undefined);
}

/** Writes `reply`, half-closes, drops whatever else the client sends, and destroys after the grace. */
function endWith(socket: Duplex, reply: string): void {
  socket.on("error", () => socket.destroy());
  socket.on("data", () => {});
  socket.end(reply);
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}

/** Whether an app response already started on this connection (Node's own check for its 400/408). */
function responseStarted(socket: Duplex): boolean {
  const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return pending?.headersSent === true;
}

/**
 * What Node answers by itself, without the app, gets the error envelope and `X-Request-ID` too:
 * - bytes it cannot parse, oversized headers, and requests not received within the headers or
 *   request timeout (`clientError`: 422, 413, 408), then the connection closes; when a response
 *   had already started, the connection just closes;
 * - an `Expect` other than `100-continue` (`checkExpectation`: 417 `expectation_failed`);
 * - `CONNECT` (`connect`): 405 `method_not_allowed` with an empty `Allow` (its target is a
 *   host:port, never one of this API's resources; this server is not a proxy), then it closes.
 */
export function answerOutsideApp(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable || responseStarted(socket)) socket.destroy();
    else endWith(socket, clientErrorReply(error));
  });
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdOf(req);
    const body = JSON.stringify(errorEnvelope(new ApiError("expectation_failed"), requestId));
    // The body the client held back is never read: the connection ends with this answer.
    res.writeHead(ERROR_HTTP_STATUS.expectation_failed, {
      "Content-Type": "application/json",
      [REQUEST_ID_HEADER]: requestId,
      Connection: "close",
      "Content-Length": Buffer.byteLength(body),
    });
    res.end(body);
  });
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    const error = new ApiError(
      "method_not_allowed",
      "CONNECT is not supported: this server is not a proxy.",
      {
        headers: { Allow: "" },
      },
    );
    endWith(socket, rawErrorReply(error, requestIdOf(req)));
  });
}
