import { fakeEmbed } from "@tender/ai";
import { NOTICE_KINDS, type NoticeKind, type SearchResultItem, TenderFilters } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, emptyTables, seedTender, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, readJson } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

const QUERY = "road repair software";
const WORDS = ["road", "repair", "school", "catering", "bridge", "software", "cloud", "water"];
const COUNTRIES = ["DE", "FR", "GB", "IT"];
const CODES = ["09310000", "45000000", "45233141", "72000000", "72260000"];
const BUYERS = ["City of 100% Roads", "Roads_Dept", "Back\\slash Council", "ACME Water"];
const DAY = 86_400_000;
const SPAN = 6;
// Small domains, so that filter bounds often fall exactly on tender values. Deadlines lie
// around today, so `open` splits them.
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY).toISOString();
const TODAY = Math.floor(Date.now() / DAY);
const deadlineDay = (n: number) => new Date((TODAY - SPAN / 2 + n) * DAY).toISOString();
const price = (n: number) => (n * 12.5).toFixed(2);

interface Tender {
  source: "ted" | "contracts_finder";
  countries: string[];
  cpv_codes: string[];
  buyer_name: string;
  currency: string | null;
  amount: string | null;
  published_at: string;
  deadline: string | null;
  chunks: string[];
  kind: NoticeKind;
  superseded: boolean;
}

const sortedSubset = (values: string[]) => fc.subarray(values).map((items) => [...items].sort());
const tenderArb: fc.Arbitrary<Tender> = fc
  .record({
    source: fc.constantFrom("ted" as const, "contracts_finder" as const),
    countries: sortedSubset(COUNTRIES),
    cpv_codes: sortedSubset(CODES),
    buyer_name: fc.constantFrom(...BUYERS),
    priced: fc.option(fc.tuple(fc.constantFrom("EUR", "GBP"), fc.integer({ min: 0, max: SPAN }))),
    published: fc.integer({ min: 0, max: SPAN }),
    deadline: fc.option(fc.integer({ min: 0, max: SPAN })),
    chunks: fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: 3,
    }),
    kind: fc.constantFrom(...NOTICE_KINDS),
    superseded: fc.boolean(),
  })
  .map(({ priced, published, deadline, chunks, ...rest }) => ({
    ...rest,
    currency: priced?.[0] ?? null,
    amount: priced ? price(priced[1]) : null,
    published_at: day(published),
    deadline: deadline === null ? null : deadlineDay(deadline),
    chunks: chunks.map((words) => words.join(" ")),
  }));

/** Filters as a client would send them; `tender_ids` as indexes into the corpus. */
type FilterDraft = Omit<TenderFilters, "tender_ids"> & { tender_indexes?: number[] };
const range = (min: number, max: number): fc.Arbitrary<[number, number]> =>
  fc
    .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b) + 1]);
const filterValues = fc.record({
  sources: fc.shuffledSubarray(["ted", "contracts_finder"] as const, { minLength: 1 }),
  countries: fc.subarray([...COUNTRIES, "ES"], { minLength: 1 }),
  cpv: fc.array(
    fc
      .tuple(fc.constantFrom(...CODES, "99000000"), fc.integer({ min: 2, max: 8 }))
      .map(([c, n]) => c.slice(0, n)),
    { minLength: 1, maxLength: 3 },
  ),
  buyer: fc.oneof(
    fc.constantFrom("%", "_", "\\", "100%", "s_d", "k\\s", "roads", "WATER", "city of"),
    fc
      .constantFrom(...BUYERS)
      .chain((b) => fc.integer({ min: 0, max: b.length - 1 }).map((i) => b.slice(i, i + 3))),
  ),
  amount: fc.tuple(fc.constantFrom("EUR", "GBP"), range(0, SPAN)),
  published: range(0, SPAN),
  deadline: range(0, SPAN),
  open: fc.boolean(),
  tender_indexes: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
  kinds: fc.shuffledSubarray([...NOTICE_KINDS], { minLength: 1 }),
  current: fc.boolean(),
});
const FILTER_KEYS = [
  "sources",
  "countries",
  "cpv",
  "buyer",
  "amount",
  "published",
  "deadline",
  "open",
  "tender_indexes",
  "kinds",
  "current",
] as const;
// Up to three filters at once, so that most combinations still match some tenders.
const filtersArb: fc.Arbitrary<FilterDraft> = fc
  .tuple(filterValues, fc.subarray([...FILTER_KEYS], { maxLength: 3 }))
  .map(([values, keys]) => Object.fromEntries(keys.map((k) => [k, values[k]])) as Partial<typeof values>)
  .map(({ amount, published, deadline, ...rest }) => ({
    ...rest,
    ...(amount
      ? {
          currency: amount[0],
          amount_min: price(amount[1][0]),
          amount_max: price(amount[1][1] - 1),
        }
      : {}),
    ...(published ? { published_from: day(published[0]), published_to: day(published[1]) } : {}),
    ...(deadline ? { deadline_from: deadlineDay(deadline[0]), deadline_to: deadlineDay(deadline[1]) } : {}),
  }));

/** The brute-force reading of docs/api.md#filters, written without SQL. */
function matches(t: Tender, id: string, f: TenderFilters, now: string): boolean {
  const cents = (a: string) => Math.round(Number(a) * 100);
  return (
    (!f.sources || f.sources.includes(t.source)) &&
    (!f.countries || t.countries.some((c) => f.countries?.includes(c))) &&
    (!f.cpv || t.cpv_codes.some((code) => f.cpv?.some((prefix) => code.startsWith(prefix)))) &&
    (f.buyer === undefined || t.buyer_name.toLowerCase().includes(f.buyer.toLowerCase())) &&
    (f.currency === undefined || t.currency === f.currency) &&
    (f.amount_min === undefined || (t.amount !== null && cents(t.amount) >= cents(f.amount_min))) &&
    (f.amount_max === undefined || (t.amount !== null && cents(t.amount) <= cents(f.amount_max))) &&
    (f.published_from === undefined || t.published_at >= f.published_from) &&
    (f.published_to === undefined || t.published_at < f.published_to) &&
    (f.deadline_from === undefined || (t.deadline !== null && t.deadline >= f.deadline_from)) &&
    (f.deadline_to === undefined || (t.deadline !== null && t.deadline < f.deadline_to)) &&
    (f.open !== true || (t.deadline !== null && t.deadline > now)) &&
    (!f.tender_ids || f.tender_ids.includes(id)) &&
    (!f.kinds || f.kinds.includes(t.kind)) &&
    (f.current !== true || !t.superseded)
  );
}

let tdb: TestDatabase;
let key: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "filters", limitPerMinute: 1_000_000 })).key;
});
afterAll(() => tdb.destroy());

async function seedCorpus(tenders: Tender[]): Promise<string[]> {
  // DELETE, not TRUNCATE: truncating every table that references tenders costs far more than
  // deleting a few rows (9 of filtered-search's 17 s).
  await emptyTables(tdb.db, ["tenders"]);
  const ids: string[] = [];
  for (const t of tenders) {
    const { source, chunks, kind, superseded, ...fields } = t;
    const { id } = await seedTender(tdb.db, { source, chunks, ...fields });
    // Any notice will do as the one that replaces it: only whether one does is filtered on.
    await sql`UPDATE tenders SET kind = ${kind}, superseded_by = CASE WHEN ${superseded} THEN id END
              WHERE id = ${id}`.execute(tdb.db);
    ids.push(id);
  }
  // Statistics, so the planner's estimates steer broad filters to the nearest-first ranking and
  // narrow ones to the restricted scan: both paths run.
  await sql`ANALYZE tenders`.execute(tdb.db);
  return ids;
}

/** Every chunk with the distance the database computes, as the unfiltered scan sees it. */
async function allChunks() {
  const vector = `[${(fakeEmbed(QUERY) as number[]).join(",")}]`;
  return (
    await sql<{ id: string; tender_id: string; content: string; distance: number }>`
      SELECT id, tender_id, content, embedding <=> ${vector}::vector AS distance FROM chunks`.execute(tdb.db)
  ).rows;
}

async function post(path: string, body: unknown, minRelevanceScore: number) {
  const app = createApp(testDeps(tdb.db, { config: testConfig({ minRelevanceScore }) }));
  const response = await postJson(app, path, body, key);
  return { status: response.status, json: await readJson(response) };
}

describe("Search and Ask with filters", () => {
  it("answer exactly the unfiltered scan restricted to the chunks of matching tenders", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(tenderArb, { minLength: 1, maxLength: 25 }),
        fc.array(filtersArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(-1, 0, 0.2),
        fc.integer({ min: 1, max: 10 }),
        async (corpus, drafts, minScore, limit) => {
          const ids = await seedCorpus(corpus);
          const chunks = await allChunks();
          const byId = new Map(ids.map((id, i) => [id, corpus[i] as Tender]));
          for (const { tender_indexes, ...draft } of drafts) {
            const filters: TenderFilters = {
              ...draft,
              ...(tender_indexes
                ? { tender_ids: tender_indexes.map((i) => ids[i % ids.length] as string) }
                : {}),
            };
            const now = new Date().toISOString();
            // The filters as the contract reads them (a buyer is trimmed: " Ro" looks for "Ro").
            const parsed = v.parse(TenderFilters, filters);
            const expected = chunks
              .filter((c) => matches(byId.get(c.tender_id) as Tender, c.tender_id, parsed, now))
              .filter((c) => !Number.isNaN(c.distance))
              .map((c) => ({ ...c, score: Math.min(1, Math.max(-1, 1 - c.distance)) }))
              // docs/api.md#search: highest score first, equal scores by chunk uuid ascending.
              .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
              .slice(0, limit)
              .filter((c) => c.score >= minScore)
              .map((c) => [c.tender_id, c.content, c.score]);
            const { status, json } = await post("/api/v1/search", { query: QUERY, limit, filters }, minScore);
            expect(status).toBe(200);
            const items = json.items as SearchResultItem[];
            expect(items.map((i) => [i.tender_id, i.snippet, i.score])).toEqual(expected);
          }
        },
      ),
      { numRuns: 25 },
    );
    // Up to 200 searches: on a loaded machine this passes the default 30 s.
  }, 120_000);

  it("Ask cites what the filtered Search finds", async () => {
    const [fr] = await seedCorpus([
      { ...baseTender, countries: ["FR"], chunks: ["road repair in Lyon"] },
      { ...baseTender, countries: ["DE"], chunks: ["road repair in Köln"] },
    ]);
    const filters = { countries: ["FR"] };
    const search = await post("/api/v1/search", { query: "road repair", filters }, 0);
    const ask = await post("/api/v1/ask", { query: "road repair", filters }, 0);
    expect(ask.status).toBe(200);
    expect(search.json.items.map((i: SearchResultItem) => i.tender_id)).toEqual([fr]);
    expect(ask.json.sources).toEqual(search.json.items);
  });

  it("a request without filters is unchanged, an empty filters object restricts nothing", async () => {
    await seedCorpus([
      { ...baseTender, chunks: ["road repair"] },
      { ...baseTender, countries: [], chunks: ["road repair works"] },
    ]);
    const plain = await post("/api/v1/search", { query: "road repair" }, 0);
    const empty = await post("/api/v1/search", { query: "road repair", filters: {} }, 0);
    expect(plain.json.items).toHaveLength(2);
    expect(empty.json).toEqual(plain.json);
  });

  it("answers 422 with one detail per problem, for Search and Ask alike", async () => {
    for (const path of ["/api/v1/search", "/api/v1/ask"]) {
      const { status, json } = await post(
        path,
        {
          query: "road repair",
          filters: {
            colour: "red",
            countries: "FR",
            published_from: "2026-02-01T00:00:00Z",
            published_to: "2026-01-01T00:00:00Z",
            amount_min: "5",
          },
        },
        0,
      );
      expect(status).toBe(422);
      expect(json.error.code).toBe("validation_error");
      expect(json.error.details).toEqual([
        { path: "/filters/countries", message: "Must be an array" },
        { path: "/filters/colour", message: "Unknown field is not allowed" },
        { path: "/filters/published_to", message: "Must be later than published_from" },
        { path: "/filters/amount_min", message: "An amount bound needs currency" },
      ]);
    }
  });
});

const baseTender: Tender = {
  source: "ted",
  countries: ["DE"],
  cpv_codes: [],
  buyer_name: "ACME",
  currency: null,
  amount: null,
  published_at: day(10),
  deadline: null,
  chunks: [],
  kind: "competition",
  superseded: false,
};
