import { createServer, type Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forbiddenAddressReason, metadataAddressReason } from "./address-policy.js";
import { EgressError } from "./egress-error.js";
import { createHostAllowlist } from "./host-allowlist.js";
import { type EgressPolicy, type EgressRequest, openEgressRequest } from "./open-egress-request.js";
import type { ResolveHost } from "./resolve-allowed-addresses.js";
import type { Hop, SendHop } from "./send-hop.js";
import {
  type DocumentServer,
  redirectTo,
  serveBytes,
  startDocumentServer,
  status,
  trickle,
} from "./testing/index.js";

// The origin listens on 127.0.0.2, which these tests exempt from the address check: every
// other loopback, private or metadata address stays refused, so redirects to them are refused.
const ORIGIN_ADDRESS = "127.0.0.2";
let server: DocumentServer;
const lookups: string[] = [];
const resolveHost: ResolveHost = async (hostname) => {
  lookups.push(hostname);
  if (hostname === "docs.test") return [{ address: ORIGIN_ADDRESS, family: 4 }];
  if (hostname === "localhost") return [{ address: "127.0.0.1", family: 4 }];
  if (hostname === "mixed.test")
    return [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
  throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
};

function policy(over: Partial<EgressPolicy> = {}): EgressPolicy {
  return {
    allowlist: createHostAllowlist([
      `docs.test:${server.port}`,
      "localhost",
      "127.0.0.1",
      "169.254.169.254",
      "gone.test",
      "mixed.test",
    ]),
    addressReason: (address) => (address === ORIGIN_ADDRESS ? undefined : forbiddenAddressReason(address)),
    resolveHost,
    maxRedirects: 5,
    headersTimeoutMs: 5_000,
    idleTimeoutMs: 5_000,
    userAgent: "test",
    ...over,
  };
}

const url = (path: string) => `http://docs.test:${server.port}${path}`;
const open = (
  target: string | EgressRequest,
  over: Partial<EgressPolicy> = {},
  signal = AbortSignal.timeout(5_000),
) => openEgressRequest(typeof target === "string" ? { url: target } : target, policy(over), signal);

async function read(body: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts).toString();
}

/** The EgressError `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<EgressError> {
  const error = await promise.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  if (!(error instanceof EgressError)) throw error;
  return error;
}

beforeAll(async () => {
  server = await startDocumentServer(ORIGIN_ADDRESS);
  server.route("/doc.txt", serveBytes(Buffer.from("hello"), { "content-type": "text/plain" }));
  server.route("/hop1", redirectTo("/hop2", 301));
  server.route("/hop2", redirectTo("/doc.txt", 307));
  server.route("/loop", redirectTo("/loop"));
  server.route("/no-location", (_q, r) => void r.writeHead(302).end());
  server.route(
    "/gzip",
    (_q, r) => void r.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("unzipped")),
  );
  server.route("/bad-gzip", (_q, r) => void r.writeHead(200, { "content-encoding": "gzip" }).end("not gzip"));
  server.route("/compress", (_q, r) => void r.writeHead(200, { "content-encoding": "compress" }).end("x"));
  server.route("/hang", () => {});
  server.route("/trickle", trickle(2_000));
  server.route("/echo", async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    response.end(JSON.stringify({ method: request.method, headers: request.headers, body }));
  });
  server.route("/see-other", redirectTo("/echo", 303));
  server.route("/temporary", redirectTo("/echo", 307));
});
afterAll(async () => server.close());

describe("openEgressRequest", () => {
  it("follows redirects, re-checking each hop, and connects to the checked address", async () => {
    lookups.length = 0;
    const opened = await open(url("/hop1"));
    expect(await read(opened.body)).toBe("hello");
    expect(opened.url.pathname).toBe("/doc.txt");
    expect(opened.headers["content-type"]).toBe("text/plain");
    // One lookup per hop, through our resolver: docs.test exists in no real DNS.
    expect(lookups).toEqual(["docs.test", "docs.test", "docs.test"]);
  });

  it("asks for an uncompressed body and decodes one that is compressed anyway", async () => {
    const headers = JSON.parse(await read((await open(url("/echo"))).body)).headers;
    expect(headers["accept-encoding"]).toBe("identity");
    expect(headers["user-agent"]).toBe("test");
    expect(headers.host).toBe(`docs.test:${server.port}`);
    expect(await read((await open(url("/gzip"))).body)).toBe("unzipped");
    const corrupt = await open(url("/bad-gzip"));
    expect((await failure(read(corrupt.body))).message).toBe("corrupt compressed body");
    expect((await failure(open(url("/compress")))).message).toBe("unsupported content encoding compress");
  });

  it("sends a POST body; 307 repeats it, 303 continues as a GET without it", async () => {
    const post = (path: string): EgressRequest => ({
      url: url(path),
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"event":1}',
    });
    const repeated = JSON.parse(await read((await open(post("/temporary"))).body));
    expect([repeated.method, repeated.body, repeated.headers["content-type"]]).toEqual([
      "POST",
      '{"event":1}',
      "application/json",
    ]);
    const seeOther = JSON.parse(await read((await open(post("/see-other"))).body));
    expect([seeOther.method, seeOther.body, seeOther.headers["content-type"]]).toEqual([
      "GET",
      "",
      undefined,
    ]);
  });

  it.each([
    ["http://127.0.0.1/x", "refused: 127.0.0.1 is a loopback address"],
    ["http://localhost/x", "refused: 127.0.0.1 is a loopback address"],
    ["http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is a cloud metadata address"],
    ["http://[::1]/x", "refused: host [::1] is not on the allowlist"],
    ["http://evil.example/x", "refused: host evil.example is not on the allowlist"],
    ["http://docs.test:1/x", "refused: host docs.test:1 is not on the allowlist"],
    ["http://docs.test/x", "refused: host docs.test is not on the allowlist"],
    ["file:///etc/passwd", "refused: scheme file: is not allowed"],
    ["ftp://docs.test/x", "refused: scheme ftp: is not allowed"],
    ["http://user:secret@docs.test/x", "refused: URL with credentials"],
    ["http://gone.test/x", "host not found: gone.test"],
    ["http://mixed.test/x", "refused: 10.0.0.7 is a private address"],
  ])("refuses a redirect to %s", async (location, message) => {
    server.route("/redirect", redirectTo(location));
    expect((await failure(open(url("/redirect")))).message).toBe(message);
  });

  it("refuses the first URL like any hop", async () => {
    const error = await failure(open("http://127.0.0.1/x"));
    expect([error.code, error.message]).toEqual(["refused", "refused: 127.0.0.1 is a loopback address"]);
  });

  it("stops after five redirects and refuses a redirect without Location", async () => {
    expect((await failure(open(url("/loop")))).message).toBe("too many redirects (more than 5)");
    expect(server.hits.get("/loop")).toBe(6);
    expect((await failure(open(url("/no-location")))).message).toBe("HTTP 302 without a Location header");
  });

  it("returns other statuses as they are, for the caller to judge", async () => {
    server.route("/s503", status(503));
    const response = await open(url("/s503"));
    expect(response.status).toBe(503);
    response.close();
  });

  it("gives up on a server that sends no headers, or no bytes for too long", async () => {
    const silent = await failure(open(url("/hang"), { headersTimeoutMs: 300 }));
    expect([silent.code, silent.message]).toEqual(["timeout", "no response within 300 ms"]);
    const opened = await open(url("/trickle"), { idleTimeoutMs: 300 });
    expect((await failure(read(opened.body))).message).toBe("no data received for 300 ms");
  });

  it("gives up on a connection never set up (TLS never answered) at the connect timeout, and not on a connected slow answer", async () => {
    // Accepts TCP and never speaks TLS: the https connection is never up.
    const sockets: Socket[] = [];
    const mute = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => mute.listen(0, ORIGIN_ADDRESS, resolve));
    try {
      const address = mute.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const started = Date.now();
      const error = await failure(
        open(`https://docs.test:${port}/x`, { allowlist: () => true, connectTimeoutMs: 200 }),
      );
      expect([error.code, error.message]).toEqual(["timeout", "no connection within 200 ms"]);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
    // Connected in time, the answer's own timeout applies.
    const silent = await failure(open(url("/hang"), { connectTimeoutMs: 200, headersTimeoutMs: 500 }));
    expect(silent.message).toBe("no response within 500 ms");
  });

  it("ends with the signal's reason when aborted", async () => {
    const controller = new AbortController();
    const pending = open(url("/hang"), {}, controller.signal);
    controller.abort(new Error("stopping"));
    await expect(pending).rejects.toThrow("stopping");
  });

  it("reports a refused connection as retryable", async () => {
    const closed = await startDocumentServer(ORIGIN_ADDRESS);
    const port = closed.port;
    await closed.close();
    const error = await failure(open(`http://docs.test:${port}/x`, { allowlist: () => true }));
    expect([error.message, error.retryable]).toEqual(["connection refused", true]);
  });
});

describe("ports (private addresses allowed, as in tests and demos)", () => {
  it("refuses a redirect to another port of an allowed host, before connecting to it", async () => {
    const other = await startDocumentServer("127.0.0.1");
    const first = await startDocumentServer("127.0.0.1");
    try {
      other.route("/secret", serveBytes(Buffer.from("internal")));
      first.route("/doc", redirectTo(`http://127.0.0.1:${other.port}/secret`));
      first.route("/same-port", redirectTo(`http://127.0.0.1:${first.port}/ok`));
      first.route("/ok", serveBytes(Buffer.from("fine")));
      const pinned = policy({
        allowlist: createHostAllowlist([`127.0.0.1:${first.port}`]),
        addressReason: metadataAddressReason,
      });
      const refused = await failure(
        openEgressRequest({ url: `${first.origin}/doc` }, pinned, AbortSignal.timeout(5_000)),
      );
      expect(refused.message).toBe(`refused: host 127.0.0.1:${other.port} is not on the allowlist`);
      expect(other.hits.size).toBe(0);
      const followed = await openEgressRequest(
        { url: `${first.origin}/same-port` },
        pinned,
        AbortSignal.timeout(5_000),
      );
      expect(await read(followed.body)).toBe("fine");
      // A bare host means the default port: neither server's port is allowed by it.
      const bare = policy({
        allowlist: createHostAllowlist(["127.0.0.1"]),
        addressReason: metadataAddressReason,
      });
      expect(
        (await failure(openEgressRequest({ url: `${first.origin}/ok` }, bare, AbortSignal.timeout(5_000))))
          .message,
      ).toBe(`refused: host 127.0.0.1:${first.port} is not on the allowlist`);
    } finally {
      await Promise.all([other.close(), first.close()]);
    }
  });
});

describe("redirect checks (scripted hops)", () => {
  /** A SendHop that answers from a script and records each hop it was asked to send. */
  function scripted(answers: Array<{ status: number; headers?: Record<string, string> }>) {
    const sent: Array<{ url: string; hop: Hop }> = [];
    const send: SendHop = async (target, hop) => {
      sent.push({ url: target.toString(), hop });
      const answer = answers.shift() ?? { status: 200 };
      return {
        status: answer.status,
        headers: answer.headers ?? {},
        body: (async function* () {})(),
        close() {},
      };
    };
    return { sent, send };
  }
  const publicHost: ResolveHost = async () => [{ address: "93.184.215.14", family: 4 }];
  const scriptedPolicy = (send: SendHop) =>
    policy({
      allowlist: createHostAllowlist(["secure.example", "other.example"]),
      resolveHost: publicHost,
      send,
    });

  it("refuses a redirect from https to http, even to an allowed host", async () => {
    const { sent, send } = scripted([{ status: 302, headers: { location: "http://secure.example/plain" } }]);
    const error = await failure(
      openEgressRequest(
        { url: "https://secure.example/doc" },
        scriptedPolicy(send),
        AbortSignal.timeout(5_000),
      ),
    );
    expect([error.code, error.message]).toEqual([
      "refused",
      "refused: redirect from https to http (secure.example)",
    ]);
    expect(sent.map((s) => s.url)).toEqual(["https://secure.example/doc"]);
  });

  it("keeps credentials on the same origin and drops them on another", async () => {
    const { sent, send } = scripted([
      { status: 307, headers: { location: "/again" } },
      { status: 307, headers: { location: "https://other.example/hook" } },
    ]);
    const request: EgressRequest = {
      url: "https://secure.example/hook",
      method: "POST",
      headers: { authorization: "Bearer token", "content-type": "application/json" },
      body: "{}",
    };
    await openEgressRequest(request, scriptedPolicy(send), AbortSignal.timeout(5_000));
    expect(sent.map((s) => [s.url, s.hop.headers.authorization, s.hop.body])).toEqual([
      ["https://secure.example/hook", "Bearer token", "{}"],
      ["https://secure.example/again", "Bearer token", "{}"],
      ["https://other.example/hook", undefined, "{}"],
    ]);
  });
});
