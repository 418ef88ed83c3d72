// Hostile HTTP/1.1 at the socket level against the real server: raw bytes on `node:net` sockets
// (fetch would normalize them), generated methods, targets, versions, `Expect` values, framing
// (Content-Length and Transfer-Encoding, together and malformed, bad chunk sizes, a header
// without a colon, an overlong header) and slow senders trickling their bytes past short
// timeouts. Every answer must be well-formed HTTP carrying `X-Request-ID`, every error the
// envelope, and no connection may stay open longer than the timeouts allow.
import { createWireValidator, REQUEST_ID_PATTERN } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../create-app.js";
import { parseRawResponses, type RawResponse, rawExchange } from "../testing/raw-http.js";
import { testDeps } from "../testing/test-deps.js";
import { type ServedApp, type ServerTimeouts, serveApp } from "./serve-app.js";

const TIMEOUTS: ServerTimeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 300 };
// Node keeps an idle connection 1 s past the advertised keep-alive timeout; the rest is slack
// for a loaded machine. A connection held longer than this is a failure.
const HOLD_LIMIT_MS = TIMEOUTS.requestMs + TIMEOUTS.keepAliveMs + 1_000 + 1_500;
const BATCH = 20;
const RUNS = 10;

const validateError = createWireValidator("error-response");
let tdb: TestDatabase;
let server: ServedApp;
let key: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "socket-fuzz", limitPerMinute: 1_000_000 })).key;
  server = await serveApp(createApp(testDeps(tdb.db)), { port: 0, host: "127.0.0.1", timeouts: TIMEOUTS });
});
afterAll(async () => {
  await server.close(500);
  await tdb.destroy();
});

const often = <T>(likely: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: likely, weight: 5 }, { arbitrary: other, weight: 1 });
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const token = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/);

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("GET", "POST") },
  { weight: 4, arbitrary: fc.constantFrom("HEAD", "PUT", "DELETE", "OPTIONS", "PATCH") },
  { weight: 2, arbitrary: fc.constantFrom("CONNECT", "TRACE", "TRACK", "PRI") },
  { weight: 1, arbitrary: fc.constantFrom("get", "post", "Connect", "trace") },
  { weight: 1, arbitrary: token },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom("\u0000", "\u007f", "(", ":", "é", "G"),
      minLength: 1,
      maxLength: 4,
    }),
  },
);
const target = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("/health/live", "/api/v1/search", "/api/v1/ask", "/openapi.json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "/api/v1/tenders/00000000-0000-4000-8000-000000000000",
      "/nowhere",
      "*",
      "example.org:443",
      "http://localhost/health/live",
      "/health/live?x=%zz",
      "/docs/..%2fpackage.json",
    ),
  },
  { weight: 1, arbitrary: printable.map((s) => `/${s}`) },
);
// Half the time a method and a path that belong together, so that requests get into the app.
const route = fc.oneof(
  fc.tuple(fc.constant("POST"), fc.constantFrom("/api/v1/search", "/api/v1/ask")),
  fc.tuple(
    fc.constantFrom("GET", "HEAD"),
    fc.constantFrom("/health/live", "/api/v1/tenders/00000000-0000-4000-8000-000000000000"),
  ),
  fc.tuple(method, target),
  fc.tuple(method, target),
);
const version = often(
  fc.constant("HTTP/1.1"),
  fc.constantFrom("HTTP/1.0", "HTTP/2.0", "HTTP/1.2", "http/1.1", "HTTP/1.1 x", ""),
);

const searchBody = fc
  .record({ query: fc.string({ minLength: 0, maxLength: 40 }), limit: fc.integer({ min: 0, max: 11 }) })
  .map((b) => JSON.stringify(b));
const chunked = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n0\r\n\r\n`;
const body = fc.oneof(
  fc.constant(""),
  searchBody,
  searchBody.map(chunked),
  fc.constantFrom(
    "zz\r\n\r\n",
    "5\r\nab\r\n",
    "0\r\n",
    "-1\r\n\r\n",
    "ffffffffffffffffff\r\nx\r\n",
    "3;ext=1\r\nabc\r\n0\r\n\r\n",
  ),
  printable,
);

/** `arbitrary` in `weight` of 10 cases, else no such header. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight: number) =>
  fc.oneof({ weight: 10 - weight, arbitrary: fc.constant(undefined) }, { weight, arbitrary });
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => sometimes(arbitrary, 1);

/** Header lines: mostly ordinary ones, sometimes the framing and parsing traps. */
const headerLines = fc.record({
  host: often(
    fc.constant("Host: localhost"),
    fc.constantFrom("Host: a b", "Host:", "Host: localhost\r\nHost: other", undefined),
  ),
  expect: sometimes(
    fc
      .oneof(fc.constantFrom("100-continue", "100-Continue", "200-ok", "", "foo"), token)
      .map((v) => `Expect: ${v}`),
    3,
  ),
  // AUTO: the body's true length, so that well-framed requests reach the app.
  contentLength: sometimes(
    fc.oneof(
      { weight: 4, arbitrary: fc.constant("AUTO") },
      { weight: 2, arbitrary: fc.nat({ max: 120 }).map(String) },
      fc.constantFrom("-1", "abc", "1e3", "99999999999999999999", " 5", "5, 6", "70000"),
    ),
    7,
  ),
  transferEncoding: sometimes(
    often(fc.constant("chunked"), fc.constantFrom("gzip, chunked", "chunked, gzip", "identity", "x")).map(
      (v) => `Transfer-Encoding: ${v}`,
    ),
    2,
  ),
  contentType: sometimes(fc.constant("Content-Type: application/json"), 7),
  apiKey: sometimes(fc.constant("KEY"), 5),
  requestId: sometimes(
    printable.map((v) => `X-Request-ID: ${v}`),
    5,
  ),
  connection: sometimes(
    fc.constantFrom("close", "keep-alive", "Upgrade").map((v) => `Connection: ${v}`),
    4,
  ),
  noColon: rarely(fc.constant("NoColonHere")),
  overlong: rarely(fc.constant("OVERLONG")),
  custom: sometimes(
    fc.tuple(token, printable).map(([n, v]) => `${n}: ${v}`),
    3,
  ),
});

/** How the bytes travel: cut into pieces, a pause before each, and whether the client half-closes. */
const delivery = fc.record({
  cuts: fc.array(fc.nat(), { maxLength: 7 }),
  pauseMs: often(fc.constant(0), fc.integer({ min: 40, max: 300 })),
  endAfterSend: fc.boolean(),
});

const exchange = fc
  .record({ route, version, headers: headerLines, body, delivery })
  .map(({ route: [method, target], ...rest }) => ({ method, target, ...rest }));
type Exchange = typeof exchange extends fc.Arbitrary<infer T> ? T : never;

function requestText(x: Exchange): string {
  const lines = [`${x.method} ${x.target} ${x.version}`.trimEnd()];
  for (const [name, line] of Object.entries(x.headers)) {
    if (line === undefined) continue;
    if (name === "apiKey") lines.push(`X-API-Key: ${key}`);
    else if (name === "contentLength") {
      lines.push(`Content-Length: ${line === "AUTO" ? Buffer.byteLength(x.body) : line}`);
    } else if (name === "overlong") lines.push(`X-Long: ${"a".repeat(20_000)}`);
    else lines.push(line);
  }
  return `${lines.join("\r\n")}\r\n\r\n${x.body}`;
}

function pieces(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % text.length))].filter((c) => c > 0).sort((a, b) => a - b);
  return [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length));
}

/**
 * The responses on one connection. A request Node could not parse is answered with a body even
 * when it began with HEAD (nothing parsed says so); the connection closes right after it.
 */
function readResponses(bytes: Buffer, head: boolean, label: string): RawResponse[] {
  try {
    return parseRawResponses(bytes, head);
  } catch (error) {
    if (head) {
      const responses = parseRawResponses(bytes, false);
      expect(responses, label).toHaveLength(1);
      expect(responses[0]?.headers.connection, label).toBe("close");
      expect([408, 413, 422], label).toContain(responses[0]?.status);
      return responses;
    }
    throw new Error(`${(error as Error).message} for ${label}`);
  }
}

describe("socket-level fuzz", () => {
  it("answers every connection with well-formed enveloped HTTP or a clean close, within the timeouts", async () => {
    const statuses = new Map<number, number>();
    let silentCloses = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(exchange, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await Promise.all(
          batch.map(async (x) => {
            const text = requestText(x);
            const label = JSON.stringify({
              ...x,
              headers: { ...x.headers, overlong: x.headers.overlong && "(20 kB)" },
            });
            const result = await rawExchange(server.port, pieces(text, x.delivery.cuts), {
              pauseMs: x.delivery.pauseMs,
              endAfterSend: x.delivery.endAfterSend,
              waitMs: HOLD_LIMIT_MS + 1_000,
            });
            expect(result.ending, label).not.toBe("open");
            expect(result.elapsedMs, label).toBeLessThan(HOLD_LIMIT_MS);
            const responses = readResponses(result.bytes, x.method === "HEAD", label);
            // Node drops a request whose client half-closed before the answer (it takes the
            // FIN as the client going away): the connection closes without an answer. Any other
            // connection gets one.
            if (responses.length === 0) {
              expect(x.delivery.endAfterSend, `closed without an answer: ${label}`).toBe(true);
              silentCloses += 1;
            }
            responses.forEach((response, i) => {
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              expect(response.status, label).not.toBe(500);
              const requestId = response.headers["x-request-id"] ?? "";
              expect(requestId, label).toMatch(REQUEST_ID_PATTERN);
              if (response.status < 400 || (i === 0 && x.method === "HEAD")) return;
              expect(response.headers["content-type"], label).toMatch(/^application\/json/);
              const json = JSON.parse(response.body.toString("utf8"));
              expect(validateError(json), `${JSON.stringify(json)} for ${label}`).toMatchObject({ ok: true });
              expect(json.error.request_id, label).toBe(requestId);
            });
          }),
        );
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // The generators must reach each kind of answer, not only fail early.
    for (const status of [200, 401, 404, 405, 408, 417, 422]) {
      expect(statuses.get(status), `status ${status}: ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
    }
    expect(silentCloses).toBeLessThan(BATCH * RUNS);
  }, 120_000);
});
