import {
  browseParameters,
  createWireValidator,
  NOTICE_KINDS,
  SOURCE_CODES,
  TENDER_SORTS,
} from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBrowseQuery } from "./browse/parse-browse-query.js";
import { createApp } from "./create-app.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validate = {
  list: createWireValidator("tender-list-response"),
  facets: createWireValidator("facets-response"),
  search: createWireValidator("search-response"),
  error: createWireValidator("error-response"),
};
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;

// Every parameter the contracts define (filters, paging, the contract-end range), not a copy.
const NAMES = browseParameters(true);
// Values that look almost right, values that are wrong, and hostile text.
const value = fc.oneof(
  fc.constantFrom(
    "ted",
    "FR",
    "GB",
    "45",
    "45233141",
    "EUR",
    "10",
    "10.5",
    "2026-01-01T00:00:00Z",
    "true",
    "false",
    "deadline_asc",
    "amount_desc",
    "20",
    "%",
    "_",
    "\\",
    "%_%",
    "'; DROP TABLE tenders; --",
    "\u0000",
    "9".repeat(30),
    "-1",
    "1e309",
    "NaN",
    "0000-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
    "2026-01-01",
    "2026-02-30",
    "0000-01-01",
  ),
  // The contracts' own values: every source, notice kind and sort.
  fc.constantFrom(...SOURCE_CODES, ...NOTICE_KINDS, ...TENDER_SORTS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.uuid(),
);
const parameter = fc.tuple(
  fc.oneof({ arbitrary: fc.constantFrom(...NAMES), weight: 4 }, fc.string({ maxLength: 12 })),
  value,
);

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "fuzz", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(tdb.db));
  for (const [i, countries] of [["FR"], ["DE", "GB"], []].entries()) {
    await seedTender(tdb.db, {
      countries,
      cpv_codes: ["45233141"],
      buyer_name: `Buyer ${i} 100%`,
      chunks: ["road repair"],
    });
  }
});
afterAll(() => tdb.destroy());

describe("hostile filters", () => {
  it("takes every parameter of the contracts, including kind, current and the contract-end range", () => {
    expect(NAMES).toEqual(
      expect.arrayContaining(["source", "kind", "current", "contract_end_from", "contract_end_to", "cursor"]),
    );
    const unknown = (name: string, paging: boolean) => {
      try {
        parseBrowseQuery(new URLSearchParams([[name, "x"]]), paging);
        return false;
      } catch (error) {
        const details = (error as { details?: { path: string; message: string }[] }).details ?? [];
        return details.some((d) => d.path === `/${name}` && /Unknown field/.test(d.message));
      }
    };
    expect(NAMES.filter((name) => unknown(name, true))).toEqual([]);
    expect(browseParameters(false).filter((name) => unknown(name, false))).toEqual([]);
    expect(unknown("sort", false)).toBe(true);
    const typed = parseBrowseQuery(new URLSearchParams("open=true&current=false&limit=5"), true);
    expect([typed.filters.open, typed.filters.current, typed.paging.limit]).toEqual([true, false, 5]);
  });

  it("a NUL character in a text filter is refused as invalid, not passed to PostgreSQL", async () => {
    for (const path of ["/api/v1/tenders?buyer=a%00b", "/api/v1/facets?buyer=%00"]) {
      const response = await send(app, path, { headers: { "x-api-key": key } });
      expect(response.status).toBe(422);
      expect((await readJson(response)).error.details).toEqual([
        { path: "/buyer", message: expect.any(String) },
      ]);
    }
    const response = await postJson(
      app,
      "/api/v1/search",
      { query: "road repair", filters: { buyer: "\u0000" } },
      key,
    );
    expect(response.status).toBe(422);
  });

  it("any query string on /tenders and /facets answers 200 with valid pages or 422, never 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(parameter, { maxLength: 12 }), fc.boolean(), async (parameters, facets) => {
        const query = new URLSearchParams(parameters).toString();
        const response = await send(app, `/api/v1/${facets ? "facets" : "tenders"}?${query}`, {
          headers: { "x-api-key": key },
        });
        const body = await readJson(response);
        expect([200, 422]).toContain(response.status);
        const check = response.status === 200 ? (facets ? validate.facets : validate.list) : validate.error;
        expect(check(body)).toMatchObject({ ok: true });
      }),
      { numRuns: 300 },
    );
  });

  it("any filters object in a Search body answers 200 or 422, never 500", async () => {
    const filterValue = fc.oneof(
      value,
      fc.array(value, { maxLength: 4 }),
      fc.boolean(),
      fc.integer(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.oneof(fc.constantFrom(...NAMES, "sources", "countries", "tender_ids"), fc.string()),
          filterValue,
          { maxKeys: 6 },
        ),
        async (filters) => {
          const response = await postJson(app, "/api/v1/search", { query: "road repair", filters }, key);
          const body = await readJson(response);
          expect([200, 422]).toContain(response.status);
          expect((response.status === 200 ? validate.search : validate.error)(body)).toMatchObject({
            ok: true,
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
