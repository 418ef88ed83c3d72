import { createHostAllowlist, EgressError, forbiddenAddressReason } from "@tender/egress";
import {
  type DocumentServer,
  redirectTo,
  serveBytes,
  startDocumentServer,
  status,
} from "@tender/egress/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DownloadError } from "./download-error.js";
import { type FetchPolicy, openDownload } from "./open-download.js";

// The origin listens on 127.0.0.2 and is reached as "docs.test"; only that address is exempt
// from the address check. Redirects, allowlist and address rules are tested in @tender/egress.
const ORIGIN_ADDRESS = "127.0.0.2";
let server: DocumentServer;

function policy(): FetchPolicy {
  return {
    allowlist: createHostAllowlist([`docs.test:${server.port}`]),
    addressReason: (address) => (address === ORIGIN_ADDRESS ? undefined : forbiddenAddressReason(address)),
    resolveHost: async () => [{ address: ORIGIN_ADDRESS, family: 4 }],
    maxBytes: 1_000,
    maxRedirects: 5,
    headersTimeoutMs: 5_000,
    idleTimeoutMs: 5_000,
    userAgent: "test",
  };
}

const url = (path: string) => `http://docs.test:${server.port}${path}`;

/** The error `promise` rejects with, as the downloader records it. */
async function failure(promise: Promise<unknown>): Promise<DownloadError | EgressError> {
  const error = await promise.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  if (!(error instanceof DownloadError || error instanceof EgressError)) throw error;
  return error;
}

beforeAll(async () => {
  server = await startDocumentServer(ORIGIN_ADDRESS);
  server.route("/doc.txt", serveBytes(Buffer.from("hello"), { "content-type": "text/plain" }));
  server.route("/moved", redirectTo("/doc.txt", 301));
  server.route("/big", serveBytes(Buffer.alloc(1_001)));
});
afterAll(async () => server.close());

describe("openDownload", () => {
  it("opens a 200 after redirects, with its final URL and headers", async () => {
    const opened = await openDownload(url("/moved"), policy(), AbortSignal.timeout(5_000));
    const parts: Uint8Array[] = [];
    for await (const part of opened.body) parts.push(part);
    expect(Buffer.concat(parts).toString()).toBe("hello");
    expect([opened.finalUrl.pathname, opened.contentType]).toEqual(["/doc.txt", "text/plain"]);
  });

  it("refuses a Content-Length above the limit before reading the body", async () => {
    const error = await failure(openDownload(url("/big"), policy(), AbortSignal.timeout(5_000)));
    expect(error.message).toBe("larger than 1000 bytes");
  });

  it("reports HTTP errors, marking server-side ones retryable", async () => {
    server.route("/s404", status(404));
    server.route("/s503", status(503));
    server.route("/s429", status(429));
    const e404 = await failure(openDownload(url("/s404"), policy(), AbortSignal.timeout(5_000)));
    const e503 = await failure(openDownload(url("/s503"), policy(), AbortSignal.timeout(5_000)));
    const e429 = await failure(openDownload(url("/s429"), policy(), AbortSignal.timeout(5_000)));
    expect([e404.message, e404.retryable]).toEqual(["HTTP 404", false]);
    expect([e503.message, e503.retryable]).toEqual(["HTTP 503", true]);
    expect([e429.message, e429.retryable]).toEqual(["HTTP 429", true]);
  });
});
