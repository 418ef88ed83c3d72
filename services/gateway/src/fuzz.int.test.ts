import { createWireValidator } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { readJson } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validateError = createWireValidator("error-response");
let tdb: TestDatabase;
let app: ReturnType<typeof createApp>;
let key: string;
let disabledKey: string;
let tenderId: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "fuzz", limitPerMinute: 1_000_000 })).key;
  const disabled = await createApiKey(tdb.db, { name: "fuzz-off", limitPerMinute: 5 });
  await tdb.db.updateTable("api_keys").set({ enabled: false }).where("id", "=", disabled.id).execute();
  disabledKey = disabled.key;
  tenderId = (await seedTender(tdb.db, { attachments: ["a.pdf"], chunks: ["Road repair in Leeds."] })).id;
  app = createApp(testDeps(tdb.db));
});
afterAll(() => tdb.destroy());

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
});
const token = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/);

const otherMethod = fc.oneof(
  fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"),
  fc.stringMatching(/^[A-Z]{1,10}$/).filter((m) => !["CONNECT", "TRACE", "TRACK"].includes(m)),
);
const often = <T>(likely: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: likely, weight: 3 }, { arbitrary: other, weight: 1 });

// Mostly the route's own method, so that requests get past routing into the pipeline.
const target = fc.oneof(
  fc.tuple(
    often(fc.constant("POST"), otherMethod),
    often(
      fc.constantFrom("/api/v1/search", "/api/v1/ask"),
      printable.map((s) => `/api/v1/search${s.replace(/[#?]/g, "")}`),
    ),
  ),
  fc.tuple(
    often(fc.constant("GET"), otherMethod),
    fc.oneof(
      fc.uuid().map((id) => `/api/v1/tenders/${id}`),
      fc.constant("tender").map(() => `/api/v1/tenders/${tenderId}`),
      printable.map((s) => `/api/v1/tenders/${encodeURIComponent(s)}`),
      fc.constantFrom(
        "/health/live",
        "/health/ready",
        "/openapi.json",
        "/docs",
        "/docs/swagger-initializer.js",
      ),
    ),
  ),
  fc.tuple(
    otherMethod,
    fc
      .array(fc.oneof(token, fc.constantFrom("..", ".", "%", "%zz", "%C3%28", "é", "docs", "api", "v1")), {
        maxLength: 5,
      })
      .map((segments) => `/${segments.join("/")}`),
  ),
);

const headers = fc.record(
  {
    "x-api-key": often(fc.constant("valid"), fc.oneof(fc.constant("disabled"), printable)),
    "content-type": often(
      fc.constantFrom("application/json", "application/json; charset=utf-8"),
      fc.oneof(fc.constantFrom("text/plain", "application/xml", ""), printable),
    ),
    "x-request-id": printable,
    "content-length": fc.oneof(fc.nat({ max: 200_000 }).map(String), printable),
    accept: printable,
    custom: fc.tuple(token, printable),
  },
  { requiredKeys: [] },
);

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const searchLike = fc
  .record(
    {
      query: often(fc.string({ minLength: 0, maxLength: 1200 }), jsonValue),
      limit: often(fc.integer({ min: -3, max: 12 }), jsonValue),
      extra: jsonValue,
    },
    { requiredKeys: [] },
  )
  .map((v) => JSON.stringify(v));
const body = fc.oneof(
  { arbitrary: searchLike, weight: 4 },
  fc.constant(undefined),
  jsonValue.map((v) => JSON.stringify(v) ?? "null"),
  fc.string({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }),
  fc.constant(`{"query":"${"x".repeat(70_000)}"}`),
);

describe("fuzz: random methods, paths, headers and bodies", () => {
  it("never answers 500, and every error has the envelope and X-Request-ID", async () => {
    const statuses = new Map<number, number>();
    let skipped = 0;
    await fc.assert(
      fc.asyncProperty(target, headers, body, async ([m, p], h, b) => {
        const init: RequestInit = { method: m, headers: {} };
        const sent = init.headers as Record<string, string>;
        for (const [name, value] of Object.entries(h)) {
          if (name === "custom") {
            const [n, v] = value as [string, string];
            sent[n] = v;
          } else if (name === "x-api-key") {
            sent[name] = value === "valid" ? key : value === "disabled" ? disabledKey : (value as string);
          } else sent[name] = value as string;
        }
        if (b !== undefined && m !== "GET" && m !== "HEAD") init.body = b as string | Uint8Array<ArrayBuffer>;
        let request: Request;
        try {
          request = new Request(new URL(p, "http://localhost"), init);
        } catch {
          skipped += 1; // not a request a client could send (e.g. an illegal header value)
          return;
        }
        const response = await app.request(request);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, `${m} ${p}`).not.toBe(500);
        const requestId = response.headers.get("x-request-id");
        expect(requestId).toBeTruthy();
        if (response.status >= 400 && m !== "HEAD") {
          const json = await readJson(response);
          expect(validateError(json), JSON.stringify(json)).toMatchObject({ ok: true });
          expect(json.error.request_id).toBe(requestId);
        } else {
          await response.arrayBuffer();
        }
      }),
      { numRuns: 400 },
    );
    // The generators must reach the interesting paths, not only fail early.
    expect(skipped).toBeLessThan(100);
    for (const status of [200, 401, 404, 405, 413, 415, 422])
      expect(statuses.get(status), String(status)).toBeGreaterThan(0);
  }, 120_000);
});
