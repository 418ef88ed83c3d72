import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "./address-policy.js";
import { DownloadError } from "./download-error.js";
import { createHostAllowlist } from "./host-allowlist.js";
import { type FetchPolicy, openDownload } from "./open-download.js";
import type { ResolveHost } from "./resolve-allowed-addresses.js";
import {
  type DocumentServer,
  redirectTo,
  serveBytes,
  startDocumentServer,
  status,
  trickle,
} from "./testing/document-server.js";

// The origin listens on 127.0.0.2, which these tests exempt from the address check: every
// other loopback, private or metadata address stays refused, so redirects to them are refused.
const ORIGIN_ADDRESS = "127.0.0.2";
let server: DocumentServer;
const lookups: string[] = [];
const resolveHost: ResolveHost = async (hostname) => {
  lookups.push(hostname);
  if (hostname === "docs.test") return [{ address: ORIGIN_ADDRESS, family: 4 }];
  if (hostname === "localhost") return [{ address: "127.0.0.1", family: 4 }];
  throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
};

function policy(over: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    isAllowedHost: createHostAllowlist([
      "docs.test",
      "localhost",
      "127.0.0.1",
      "169.254.169.254",
      "gone.test",
    ]),
    addressReason: (address) => (address === ORIGIN_ADDRESS ? undefined : forbiddenAddressReason(address)),
    resolveHost,
    maxBytes: 1_000,
    maxRedirects: 5,
    headersTimeoutMs: 5_000,
    idleTimeoutMs: 5_000,
    userAgent: "test",
    ...over,
  };
}

const url = (path: string) => `http://docs.test:${server.port}${path}`;

async function read(body: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts).toString();
}

/** The DownloadError `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  const error = await promise.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  if (!(error instanceof DownloadError)) throw error;
  return error;
}

beforeAll(async () => {
  server = await startDocumentServer(ORIGIN_ADDRESS);
  server.route("/doc.txt", serveBytes(Buffer.from("hello"), { "content-type": "text/plain" }));
  server.route("/hop1", redirectTo("/hop2", 301));
  server.route("/hop2", redirectTo("/doc.txt", 307));
  server.route("/loop", redirectTo("/loop"));
  server.route("/no-location", (_q, r) => void r.writeHead(302).end());
  server.route("/big", serveBytes(Buffer.alloc(1_001)));
  server.route(
    "/gzip",
    (_q, r) => void r.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("unzipped")),
  );
  server.route("/bad-gzip", (_q, r) => void r.writeHead(200, { "content-encoding": "gzip" }).end("not gzip"));
  server.route("/compress", (_q, r) => void r.writeHead(200, { "content-encoding": "compress" }).end("x"));
  server.route("/hang", () => {});
  server.route("/trickle", trickle(2_000));
  server.route("/headers", (request, response) => void response.end(JSON.stringify(request.headers)));
});
afterAll(async () => server.close());

describe("openDownload", () => {
  it("follows redirects, re-checking each hop, and connects to the checked address", async () => {
    lookups.length = 0;
    const opened = await openDownload(url("/hop1"), policy(), new AbortController().signal);
    expect(await read(opened.body)).toBe("hello");
    expect(opened.finalUrl.pathname).toBe("/doc.txt");
    expect(opened.contentType).toBe("text/plain");
    // One lookup per hop, through our resolver: docs.test exists in no real DNS.
    expect(lookups).toEqual(["docs.test", "docs.test", "docs.test"]);
  });

  it("asks for an uncompressed body and decodes one that is compressed anyway", async () => {
    const headers = JSON.parse(
      await read((await openDownload(url("/headers"), policy(), AbortSignal.timeout(5_000))).body),
    );
    expect(headers["accept-encoding"]).toBe("identity");
    expect(headers.host).toBe(`docs.test:${server.port}`);
    expect(await read((await openDownload(url("/gzip"), policy(), AbortSignal.timeout(5_000))).body)).toBe(
      "unzipped",
    );
    const corrupt = await openDownload(url("/bad-gzip"), policy(), AbortSignal.timeout(5_000));
    expect((await failure(read(corrupt.body))).message).toBe("corrupt compressed body");
    expect(
      (await failure(openDownload(url("/compress"), policy(), AbortSignal.timeout(5_000)))).message,
    ).toBe("unsupported content encoding compress");
  });

  it.each([
    ["http://127.0.0.1/x", "refused: 127.0.0.1 is a loopback address"],
    ["http://localhost/x", "refused: 127.0.0.1 is a loopback address"],
    ["http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is a cloud metadata address"],
    ["http://[::1]/x", "refused: host [::1] is not on the allowlist"],
    ["http://evil.example/x", "refused: host evil.example is not on the allowlist"],
    ["file:///etc/passwd", "refused: scheme file: is not allowed"],
    ["ftp://docs.test/x", "refused: scheme ftp: is not allowed"],
    ["http://user:secret@docs.test/x", "refused: URL with credentials"],
    ["http://gone.test/x", "host not found: gone.test"],
  ])("refuses a redirect to %s", async (location, message) => {
    server.route("/redirect", redirectTo(location));
    const error = await failure(openDownload(url("/redirect"), policy(), AbortSignal.timeout(5_000)));
    expect(error.message).toBe(message);
  });

  it("refuses the first URL like any hop", async () => {
    const error = await failure(openDownload("http://127.0.0.1:1/x", policy(), AbortSignal.timeout(5_000)));
    expect(error.message).toBe("refused: 127.0.0.1 is a loopback address");
  });

  it("stops after five redirects and refuses a redirect without Location", async () => {
    expect((await failure(openDownload(url("/loop"), policy(), AbortSignal.timeout(5_000)))).message).toBe(
      "too many redirects (more than 5)",
    );
    expect(server.hits.get("/loop")).toBe(6);
    expect(
      (await failure(openDownload(url("/no-location"), policy(), AbortSignal.timeout(5_000)))).message,
    ).toBe("HTTP 302 without a Location header");
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

  it("gives up on a server that sends no headers, or no bytes for too long", async () => {
    const silent = await failure(
      openDownload(url("/hang"), policy({ headersTimeoutMs: 300 }), AbortSignal.timeout(5_000)),
    );
    expect(silent.message).toBe("no response within 300 ms");
    const opened = await openDownload(
      url("/trickle"),
      policy({ idleTimeoutMs: 300 }),
      AbortSignal.timeout(5_000),
    );
    expect((await failure(read(opened.body))).message).toBe("no data received for 300 ms");
  });

  it("ends with the signal's reason when aborted", async () => {
    const controller = new AbortController();
    const pending = openDownload(url("/hang"), policy(), controller.signal);
    controller.abort(new Error("stopping"));
    await expect(pending).rejects.toThrow("stopping");
  });

  it("reports a refused connection as retryable", async () => {
    const closed = await startDocumentServer(ORIGIN_ADDRESS);
    const port = closed.port;
    await closed.close();
    const error = await failure(
      openDownload(`http://docs.test:${port}/x`, policy(), AbortSignal.timeout(5_000)),
    );
    expect([error.message, error.retryable]).toEqual(["connection refused", true]);
  });
});
