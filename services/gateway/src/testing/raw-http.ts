import { connect } from "node:net";

/** What came back on one raw connection, and how and when it ended. */
export interface RawExchange {
  bytes: Buffer;
  /** `end`: the server closed cleanly; `reset`: the connection was reset; `open`: still open at `waitMs`. */
  ending: "end" | "reset" | "open";
  /** Milliseconds from connecting to the ending (or to giving up). */
  elapsedMs: number;
}

export interface RawSendOptions {
  /** Pause before each piece after the first (a slow sender). */
  pauseMs?: number;
  /** Half-close after the last piece; by default the client keeps its side open, as a slow client would. */
  endAfterSend?: boolean;
  /** Give up waiting for the server to close after this. */
  waitMs: number;
}

/**
 * Sends `pieces` on a fresh TCP connection exactly as given (no client normalizes them, unlike
 * `fetch`), and collects everything the server answers until it closes the connection.
 */
export function rawExchange(
  port: number,
  pieces: readonly (string | Uint8Array)[],
  options: RawSendOptions,
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    const received: Buffer[] = [];
    const timers: NodeJS.Timeout[] = [];
    let settled = false;
    const socket = connect(port, "127.0.0.1");
    const finish = (ending: RawExchange["ending"]) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      socket.destroy();
      resolve({ bytes: Buffer.concat(received), ending, elapsedMs: performance.now() - started });
    };
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("end", () => finish("end"));
    socket.on("close", () => finish("end"));
    socket.on("error", () => finish("reset"));
    socket.on("connect", () => {
      pieces.forEach((piece, i) => {
        const send = () => {
          if (socket.destroyed || !socket.writable) return;
          socket.write(piece);
          if (i === pieces.length - 1 && options.endAfterSend) socket.end();
        };
        if (i === 0 || !options.pauseMs) send();
        else timers.push(setTimeout(send, i * options.pauseMs));
      });
      if (pieces.length === 0 && options.endAfterSend) socket.end();
    });
    timers.push(setTimeout(() => finish("open"), options.waitMs));
  });
}

/** One HTTP response as read off the wire. */
export interface RawResponse {
  status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: Buffer;
}

function decodeChunked(bytes: Buffer, from: number): { body: Buffer; end: number } {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", at);
    if (lineEnd < 0) throw new Error("chunked body: size line cut off");
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString("latin1").split(";")[0] ?? "", 16);
    if (!Number.isFinite(size) || size < 0) throw new Error("chunked body: bad size line");
    at = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = bytes.indexOf("\r\n", at);
      if (trailerEnd !== at) throw new Error("chunked body: trailers are not expected");
      return { body: Buffer.concat(parts), end: at + 2 };
    }
    parts.push(bytes.subarray(at, at + size));
    if (bytes.subarray(at + size, at + size + 2).toString("latin1") !== "\r\n") {
      throw new Error("chunked body: chunk cut off");
    }
    at += size + 2;
  }
}

/**
 * Splits what a server sent into responses, strictly: every byte must belong to a well-formed
 * response (status line, headers, a body framed by Content-Length or chunked encoding, or by
 * the close). Interim 1xx responses are skipped. `headRequest`: the first request was HEAD, so
 * its response has no body whatever its headers say. Throws on anything malformed.
 */
export function parseRawResponses(bytes: Buffer, headRequest = false): RawResponse[] {
  const responses: RawResponse[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf("\r\n\r\n", at);
    if (headEnd < 0)
      throw new Error(
        `response head cut off: ${JSON.stringify(bytes.subarray(at, at + 80).toString("latin1"))}`,
      );
    const [statusLine = "", ...lines] = bytes.subarray(at, headEnd).toString("latin1").split("\r\n");
    const match = /^HTTP\/1\.[01] (\d{3}) [^\r\n]*$/.exec(statusLine);
    if (!match) throw new Error(`bad status line: ${JSON.stringify(statusLine)}`);
    const status = Number(match[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      if (colon <= 0) throw new Error(`bad header line: ${JSON.stringify(line)}`);
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    at = headEnd + 4;
    if (status >= 100 && status < 200) continue;
    let body: Buffer = Buffer.alloc(0);
    const noBody = (headRequest && responses.length === 0) || status === 204 || status === 304;
    if (noBody) {
      // nothing to read
    } else if (headers["transfer-encoding"] === "chunked") {
      const decoded = decodeChunked(bytes, at);
      body = decoded.body;
      at = decoded.end;
    } else if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      if (!Number.isSafeInteger(length) || at + length > bytes.length)
        throw new Error("body shorter than Content-Length");
      body = bytes.subarray(at, at + length);
      at += length;
    } else {
      body = bytes.subarray(at);
      at = bytes.length;
    }
    responses.push({ status, headers, body });
  }
  return responses;
}

/** A raw response as a fetch `Response`, for the checks the other tests make on those. */
export function toFetchResponse(raw: RawResponse): Response {
  return new Response(new Uint8Array(raw.body), { status: raw.status, headers: raw.headers });
}
