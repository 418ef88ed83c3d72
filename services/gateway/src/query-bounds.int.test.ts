import { createWireValidator } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { MAX_DETAIL_TEXT, MAX_DETAILS } from "./errors/bounded-details.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validError = createWireValidator("error-response");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "bounds", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(tdb.db));
});
afterAll(() => tdb.destroy());

const get = (path: string) => send(app, path, { headers: { "x-api-key": key } });
const MATCHES = "/api/v1/saved-searches/00000000-0000-4000-8000-000000000000/matches";

// Every route whose query string a parser reads, with the names it knows.
const QUERY_ROUTES: { path: string; known: string[] }[] = [
  { path: "/api/v1/organisations", known: ["q", "role", "country", "limit", "cursor"] },
  { path: MATCHES, known: ["limit", "cursor"] },
  {
    path: "/api/v1/tenders",
    known:
      "source country cpv tender_id kind buyer currency amount_min amount_max published_from published_to deadline_from deadline_to open current sort limit cursor contract_end_from contract_end_to".split(
        " ",
      ),
  },
  {
    path: "/api/v1/facets",
    known:
      "source country cpv tender_id kind buyer currency amount_min amount_max published_from published_to deadline_from deadline_to open current".split(
        " ",
      ),
  },
];
// Names an object already answers to: a plain record let them through or lost them.
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe("unknown query parameters (issue 32, finding 9)", () => {
  it("GET /organisations?__proto__=1 is 422 naming the parameter", async () => {
    const response = await get("/api/v1/organisations?__proto__=1");
    expect(response.status).toBe(422);
    expect((await readJson(response)).error.details).toEqual([
      { path: "/__proto__", message: expect.any(String) },
    ]);
  });

  it("any unknown name, prototype names included, is 422 on every route that parses a query", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...QUERY_ROUTES),
        fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES, "prototype"), fc.string({ maxLength: 20 })),
        fc.constantFrom("1", "", "x", "__proto__"),
        async (route, name, value) => {
          fc.pre(!route.known.includes(name));
          const response = await get(`${route.path}?${new URLSearchParams([[name, value]])}`);
          expect(response.status).toBe(422);
          expect(validError(await readJson(response))).toMatchObject({ ok: true });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("bounded error details (issue 32, finding 10)", () => {
  const expectBounded = async (response: Response, problems: number) => {
    expect(response.status).toBe(422);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(validError(body)).toMatchObject({ ok: true });
    const details = body.error.details as { path: string; message: string }[];
    expect(details.length).toBeLessThanOrEqual(MAX_DETAILS + 1);
    for (const d of details) {
      expect(d.path.length).toBeLessThanOrEqual(MAX_DETAIL_TEXT);
      expect(d.message.length).toBeLessThanOrEqual(MAX_DETAIL_TEXT);
    }
    if (problems > MAX_DETAILS) {
      expect(details.at(-1)?.message).toMatch(/^[\d,]+ more problems? not listed \(at most 20 are\)$/);
    }
    expect(text.length).toBeLessThan(6_000);
  };

  it("kind repeated 300 times answers at most 21 entries and says how many more", async () => {
    const response = await get(`/api/v1/tenders?${"kind=bogus&".repeat(300)}`);
    expect(response.status).toBe(422);
    const details = (await readJson(response)).error.details;
    expect(details).toHaveLength(21);
    expect(details[20].message).toMatch(/^\d+ more problems not listed/);
  });

  it("any list parameter repeated with bad values, on /tenders and /facets, gives a bounded answer", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/v1/tenders", "/api/v1/facets"),
        fc.constantFrom("kind", "country", "source", "cpv", "tender_id"),
        fc.integer({ min: 1, max: 300 }),
        fc.string({ maxLength: 30 }),
        async (path, name, times, bad) => {
          const query = new URLSearchParams(Array.from({ length: times }, (_, i) => [name, `${bad}!${i}`]));
          await expectBounded(await get(`${path}?${query}`), times);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("many unknown parameters, and names of 5,000 characters, give a bounded answer", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 250 }),
        fc.integer({ min: 1, max: 5_000 }),
        async (n, length) => {
          const query = Array.from({ length: n }, (_, i) => `${"z".repeat(length)}${i}=1`).join("&");
          await expectBounded(await get(`/api/v1/tenders?${query}`), n);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("a Search body listing hundreds of bad values gives a bounded answer", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 400 }), async (n) => {
        const countries = Array.from({ length: n }, (_, i) => `bad${i}`);
        const kinds = Array.from({ length: n }, (_, i) => `bad${i}`);
        await expectBounded(
          await postJson(app, "/api/v1/search", { query: "roads", filters: { countries, kinds } }, key),
          2 * n,
        );
      }),
      { numRuns: 15 },
    );
  });
});
