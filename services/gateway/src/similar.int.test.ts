import { createWireValidator } from "@tender/contracts";
import { createApiKey, type StoredAward, upsertOrganisations } from "@tender/db";
import { createTestDatabase, type SeedTenderOptions, seedTender, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { awaitFreshMinute } from "./testing/fresh-minute.js";
import { readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validatePage = createWireValidator("similar-awards-response");
const validateSummary = createWireValidator("similar-summary-response");
const validateCompetitors = createWireValidator("competitors-response");
const validateSearchSummary = createWireValidator("award-search-summary-response");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;
const ids: Record<string, string> = {};
const orgs: Record<string, string> = {};

async function get(path: string) {
  const response = await send(app, path, { headers: { "x-api-key": key } });
  return { status: response.status, json: await readJson(response) };
}
async function post(path: string, body: unknown) {
  const response = await send(app, path, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await readJson(response) };
}

const award = (
  value: string | null,
  currency: string | null,
  winner: string,
  extra: Partial<StoredAward> = {},
): StoredAward => ({
  lot: null,
  status: "awarded",
  value,
  currency,
  decided_at: "2024-05-01",
  contract_signed_at: "2024-05-10",
  contract_end: "2027-05-09",
  tenders_received: 4,
  winners: [
    { organisation_id: orgs[winner] ?? null, name: winner, identifier: null, scheme: null, country: "DE" },
  ],
  ...extra,
});

const BEDS = "Supply of hospital beds and mattresses for the university clinic";

async function seed(name: string, options: SeedTenderOptions) {
  ids[name] = (await seedTender(tdb.db, { externalId: name, ...options })).id;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "similar", limitPerMinute: 1_000_000 })).key;
  app = createApp(testDeps(tdb.db));
  const made = await upsertOrganisations(
    tdb.db,
    ["Bedmakers GmbH", "Klinikbedarf AG", "City Clinic Buyer"].map((name) => ({
      key: `name:${name.toLowerCase()}:DE`,
      name,
      country: "DE",
      identifier: null,
      scheme: null,
      buyer: name.includes("Buyer"),
      supplier: !name.includes("Buyer"),
    })),
  );
  for (const [k, id] of made)
    orgs[
      k.split(":")[1] === "bedmakers gmbh"
        ? "Bedmakers GmbH"
        : k.includes("klinik")
          ? "Klinikbedarf AG"
          : "City Clinic Buyer"
    ] = id;
  const beds = {
    title: "Hospital beds",
    chunks: [BEDS],
    countries: ["DE"],
    amount: "100000.00",
    currency: "EUR",
  };
  // The tender, and a result of its own procedure (never similar to it).
  await seed("tender", {
    ...beds,
    cpv_codes: ["33192120"],
    procedure: { key: "P-own", kind: "competition" },
    buyerOrganisationId: orgs["City Clinic Buyer"] ?? null,
  });
  await seed("own-result", {
    ...beds,
    cpv_codes: ["33192120"],
    procedure: { key: "P-own", kind: "result" },
    awards: [award("95000.00", "EUR", "Bedmakers GmbH")],
  });
  // Awarded contracts of other procedures.
  await seed("same-code", {
    ...beds,
    cpv_codes: ["33192120"],
    procedure: { key: "P1", kind: "result" },
    awards: [award("90000.00", "EUR", "Bedmakers GmbH")],
  });
  await seed("same-category", {
    ...beds,
    title: "Clinic furniture",
    countries: ["AT"],
    cpv_codes: ["33192000"],
    procedure: { key: "P2", kind: "result" },
    awards: [award("50000.00", "GBP", "Klinikbedarf AG")],
  });
  await seed("text-only", {
    ...beds,
    title: "Beds",
    cpv_codes: ["79000000"],
    procedure: { key: "P3", kind: "result" },
    awards: [award(null, null, "Klinikbedarf AG")],
  });
  await seed("unrelated", {
    title: "Asphalt",
    chunks: ["Asphalt road repairs, Tartu bridges"],
    cpv_codes: ["45233141"],
    procedure: { key: "P4", kind: "result" },
    awards: [award("1.00", "EUR", "Roads Ltd")],
  });
  // Only the CPV group in common (331, medical equipment) and other words: listed by its group
  // (few notices share the tender's class, 3319, so those sharing its group are candidates).
  await seed("same-group", {
    title: "Gloves",
    chunks: ["Disposable nitrile examination gloves, boxes of 100"],
    countries: ["EE"],
    cpv_codes: ["33141420"],
    procedure: { key: "P8", kind: "result" },
    awards: [award("7000.00", "PLN", "Glove Supply OÜ")],
  });
  // Like it, but not an awarded contract: a call for competition.
  await seed("competition", {
    ...beds,
    cpv_codes: ["33192120"],
    procedure: { key: "P5", kind: "competition" },
  });
  // The same buyer's previous contract in the same class: the incumbent.
  await seed("incumbent", {
    ...beds,
    title: "Beds 2019",
    cpv_codes: ["33192100"],
    procedure: { key: "P6", kind: "result" },
    buyerOrganisationId: orgs["City Clinic Buyer"] ?? null,
    awards: [award("80000.00", "EUR", "Bedmakers GmbH", { contract_end: "2026-03-31" })],
  });
  // A framework agreement (OCDS techniques), its value a ceiling.
  await seed("framework", {
    ...beds,
    source: "contracts_finder",
    cpv_codes: ["33192000"],
    procedure: { key: "P7", kind: "result" },
    rawPayload: { tender: { techniques: { hasFrameworkAgreement: true } } },
    awards: [award("5000000.00", "GBP", "Klinikbedarf AG")],
  });
  // A TED framework: no OCDS techniques in its payload, its lot's eForms code (BT-765) stored on
  // the award. Its EUR ceiling must stay out of the single contracts' EUR figures.
  await seed("ted-framework", {
    ...beds,
    cpv_codes: ["33192000"],
    procedure: { key: "P8", kind: "result" },
    awards: [award("5000000.00", "EUR", "Frame Beds SE", { framework: true })],
  });
  // Nothing to compare by: no chunk, a division-level code only.
  await seed("vague", { title: "Services", chunks: [], cpv_codes: ["79000000"] });
});
afterAll(() => tdb.destroy());

const names = (items: { notice: { id: string } }[]) =>
  items.map((item) => Object.entries(ids).find(([, id]) => id === item.notice.id)?.[0]);

describe("GET /tenders/{id}/similar", () => {
  it("ranks the awarded contracts of other procedures by CPV level then text, never its own procedure", async () => {
    const { status, json } = await get(`/api/v1/tenders/${ids.tender}/similar?limit=50`);
    expect(status).toBe(200);
    expect(validatePage(json)).toMatchObject({ ok: true });
    const found = names(json.items);
    expect(found).not.toContain("own-result");
    expect(found).not.toContain("competition");
    expect(found).not.toContain("unrelated");
    expect(found).not.toContain("tender");
    expect(found[0]).toBe("same-code");
    expect(found.indexOf("same-category")).toBeLessThan(found.indexOf("text-only"));
    expect(found).toEqual(
      expect.arrayContaining([
        "same-code",
        "same-category",
        "text-only",
        "incumbent",
        "framework",
        "ted-framework",
      ]),
    );
    expect(json.reason).toBeNull();
    const first = json.items[0];
    expect(first.reasons).toEqual([
      { kind: "cpv_code", cpv: "33192120" },
      { kind: "text", score: 1 },
      { kind: "country", country: "DE" },
      { kind: "value" },
    ]);
    expect(first.awards).toEqual([
      expect.objectContaining({
        value: "90000.00",
        currency: "EUR",
        tenders_received: 4,
        contract_end: "2027-05-09",
        winners: [
          expect.objectContaining({ organisation_id: orgs["Bedmakers GmbH"], name: "Bedmakers GmbH" }),
        ],
      }),
    ]);
    const byName = (name: string) =>
      json.items.find((i: { notice: { id: string } }) => i.notice.id === ids[name]);
    expect(byName("same-category").reasons[0]).toEqual({ kind: "cpv_category", cpv: "33192" });
    expect(byName("text-only").reasons.map((r: { kind: string }) => r.kind)).not.toContain("cpv_group");
    expect(byName("same-group").reasons[0]).toEqual({ kind: "cpv_group", cpv: "331" });
    expect(byName("framework").framework).toBe(true);
    expect(byName("ted-framework").framework).toBe(true);
    expect(byName("same-code").framework).toBeNull();
  });

  it("pages with a signed cursor through the same ranking", async () => {
    const all = await get(`/api/v1/tenders/${ids.tender}/similar?limit=50`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page = await get(`/api/v1/tenders/${ids.tender}/similar?limit=2${suffix}`);
      expect(page.status).toBe(200);
      seen.push(...page.json.items.map((i: { notice: { id: string } }) => i.notice.id));
      cursor = page.json.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.json.items.map((i: { notice: { id: string } }) => i.notice.id));
    const first = await get(`/api/v1/tenders/${ids.tender}/similar?limit=1`);
    const other = await get(
      `/api/v1/tenders/${ids.tender}/similar?limit=1&country=DE&cursor=${encodeURIComponent(first.json.next_cursor)}`,
    );
    expect(other.status).toBe(422);
  });

  it("filters as browsing does: country on the notice, currency and value range on the awards", async () => {
    const gbp = await get(`/api/v1/tenders/${ids.tender}/similar?currency=GBP&limit=50`);
    expect(names(gbp.json.items).sort()).toEqual(["framework", "same-category"]);
    const small = await get(`/api/v1/tenders/${ids.tender}/similar?currency=GBP&amount_max=100000&limit=50`);
    expect(names(small.json.items)).toEqual(["same-category"]);
    const austria = await get(`/api/v1/tenders/${ids.tender}/similar?country=AT&limit=50`);
    expect(names(austria.json.items)).toEqual(["same-category"]);
    const none = await get(`/api/v1/tenders/${ids.tender}/similar?country=FR`);
    expect(none.status).toBe(200);
    expect(none.json.items).toEqual([]);
    expect(none.json.reason).toMatch(/within these filters/);
    const bad = await get(`/api/v1/tenders/${ids.tender}/similar?currency=eur&limit=0`);
    expect(bad.status).toBe(422);
  });

  it("answers an empty list with its reason for a notice with nothing similar", async () => {
    // Not indexed and no specific CPV code: only its title's one common word compares it.
    const { status, json } = await get(`/api/v1/tenders/${ids.vague}/similar`);
    expect(status).toBe(200);
    expect(json).toEqual({
      items: [],
      next_cursor: null,
      reason: expect.stringMatching(/No awarded contract of another procedure/),
    });
  });

  it("answers any query string with 200 or 422, never a server error", async () => {
    const name = fc.constantFrom(
      "limit",
      "cursor",
      "country",
      "cpv",
      "currency",
      "amount_min",
      "published_from",
      "sort",
      "__proto__",
      "x",
    );
    const value = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom("0", "51", "10", "DE", "7221", "1e9", "-1", "a.b"),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 6 }), async (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const { status } = await get(`/api/v1/tenders/${ids.tender}/similar?${query}`);
        expect([200, 422]).toContain(status);
      }),
      { numRuns: 60 },
    );
  });

  it("labels each notice's CPV codes in the language asked for (lang, else Accept-Language, else English)", async () => {
    const english = await get(`/api/v1/tenders/${ids.tender}/similar?limit=1`);
    const german = await get(`/api/v1/tenders/${ids.tender}/similar?limit=1&lang=de`);
    const label = (json: { items: { notice: { cpv: { code: string; label: string }[] } }[] }) =>
      json.items[0]?.notice.cpv[0]?.label;
    expect(label(english.json)).toBeTruthy();
    expect(label(german.json)).toBeTruthy();
    expect(label(german.json)).not.toBe(label(english.json));
    expect((await get(`/api/v1/tenders/${ids.tender}/similar?lang=xx`)).status).toBe(422);
    const summaryDe = await get(`/api/v1/tenders/${ids.tender}/similar/summary?lang=de`);
    const summaryEn = await get(`/api/v1/tenders/${ids.tender}/similar/summary`);
    expect(summaryDe.json.buyer_history[0].notice.cpv[0].label).toBe("Medizinische Betten");
    expect(summaryEn.json.buyer_history[0].notice.cpv[0].label).not.toBe("Medizinische Betten");
  });

  it("counts in the key's allowance: past it, 429", async () => {
    const limited = (await createApiKey(tdb.db, { name: "similar-limited", limitPerMinute: 1 })).key;
    const call = () =>
      send(app, `/api/v1/tenders/${ids.tender}/similar`, { headers: { "x-api-key": limited } });
    await awaitFreshMinute(tdb.db);
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(429);
  });

  it("is not_found for an unknown tender and validation_error for a malformed id", async () => {
    expect((await get("/api/v1/tenders/00000000-0000-4000-8000-000000000000/similar")).status).toBe(404);
    expect((await get("/api/v1/tenders/nope/similar")).status).toBe(422);
  });
});

describe("GET /tenders/{id}/similar/summary", () => {
  it("states nothing below the threshold, and lists the buyer's previous contracts with their winners and ends", async () => {
    const { status, json } = await get(`/api/v1/tenders/${ids.tender}/similar/summary?currency=EUR`);
    expect(status).toBe(200);
    expect(validateSummary(json)).toMatchObject({ ok: true });
    // same-code, text-only (its notice's EUR value), incumbent, ted-framework.
    expect(json.summary).toMatchObject({
      notices: 4,
      threshold: 5,
      values: { contracts: [], frameworks: [] },
    });
    expect(json.summary.reason).toMatch(/Too few/);
    expect(json.buyer_history.map((i: { notice: { id: string } }) => i.notice.id)).toEqual([ids.incumbent]);
    // The incumbent is the incumbent whatever the filters: they narrow the summary only.
    const filtered = await get(`/api/v1/tenders/${ids.tender}/similar/summary?currency=SEK`);
    expect(filtered.json.buyer_history.map((i: { notice: { id: string } }) => i.notice.id)).toEqual([
      ids.incumbent,
    ]);
    expect(json.buyer_history[0].awards[0]).toMatchObject({
      contract_end: "2026-03-31",
      winners: [expect.objectContaining({ organisation_id: orgs["Bedmakers GmbH"] })],
    });
  });

  it("summarises per currency, frameworks apart, with winners' totals per currency", async () => {
    for (let i = 0; i < 6; i++) {
      await seed(`gen-${i}`, {
        title: "Beds",
        chunks: [BEDS],
        cpv_codes: ["33192120"],
        procedure: { key: `G${i}`, kind: "result" },
        awards: [
          award(`${(i + 1) * 1000}.00`, i % 2 === 0 ? "EUR" : "SEK", "Bedmakers GmbH", {
            tenders_received: i + 1,
          }),
        ],
      });
    }
    const { json } = await get(`/api/v1/tenders/${ids.tender}/similar/summary`);
    expect(validateSummary(json)).toMatchObject({ ok: true });
    const summary = json.summary;
    expect(summary.reason).toBeNull();
    // EUR: 1000, 3000, 5000 (generated) + 90000, 80000 (same-code, incumbent): five values;
    // ted-framework's 5,000,000 is a ceiling, counted apart (one value: below the threshold).
    expect(summary.values.contracts).toEqual([
      {
        currency: "EUR",
        count: 5,
        min: "1000.00",
        q1: "3000.00",
        median: "5000.00",
        q3: "80000.00",
        max: "90000.00",
      },
    ]);
    expect(summary.values.frameworks).toEqual([]);
    const bedmakers = summary.top_winners.find((w: { name: string }) => w.name === "Bedmakers GmbH");
    expect(bedmakers.totals).toEqual([
      { currency: "EUR", total: "179000.00", count: 5 },
      { currency: "SEK", total: "12000.00", count: 3 },
    ]);
    expect(summary.tenders_received).toEqual({ count: summary.awards, median: 4 });
  });
});

describe("GET /organisations/{id}/competitors", () => {
  it("lists the suppliers that won contracts in this supplier's CPV classes, never itself or unlinked winners", async () => {
    const { status, json } = await get(`/api/v1/organisations/${orgs["Bedmakers GmbH"]}/competitors`);
    expect(status).toBe(200);
    expect(validateCompetitors(json)).toMatchObject({ ok: true });
    expect(json.classes).toEqual(["3319"]);
    expect(json.items).toEqual([
      {
        organisation_id: orgs["Klinikbedarf AG"],
        name: "Klinikbedarf AG",
        country: "DE",
        awards: 2,
        classes: ["3319"],
      },
    ]);
    expect((await get("/api/v1/organisations/00000000-0000-4000-8000-000000000000/competitors")).status).toBe(
      404,
    );
  });
});

describe("POST /awards/search", () => {
  it("ranks awarded contracts by the query's text, with filters, and answers a reason when none", async () => {
    const found = await post("/api/v1/awards/search", { query: BEDS, filters: { countries: ["AT"] } });
    expect(found.status).toBe(200);
    expect(validatePage(found.json)).toMatchObject({ ok: true });
    expect(names(found.json.items)).toEqual(["same-category"]);
    const all = await post("/api/v1/awards/search", { query: BEDS, limit: 50 });
    expect(names(all.json.items)).toContain("own-result");
    expect(names(all.json.items)).not.toContain("competition");
    const none = await post("/api/v1/awards/search", { query: "zzzz qqqq xxxx" });
    expect(none.json).toEqual({
      items: [],
      next_cursor: null,
      reason: expect.stringMatching(/text scoring/),
    });
  });
});

describe("POST /awards/search/summary", () => {
  const LINEN = "Laundry and linen rental services for nursing homes and care centres";
  // The fake embedding finds the hospital beds close enough too: the CPV filter keeps them out.
  const filters = { cpv: ["9831"] };
  beforeAll(async () => {
    // Ten award notices like the query: five in EUR, five in GBP, one supplier winning in both.
    for (let i = 0; i < 10; i++) {
      const eur = i < 5;
      await seed(`linen-${i}`, {
        title: "Linen services",
        chunks: [LINEN],
        countries: [eur ? "IE" : "GB"],
        cpv_codes: ["98310000"],
        procedure: { key: `L${i}`, kind: "result" },
        awards: [
          award(
            `${(i % 5) + 1}0000.00`,
            eur ? "EUR" : "GBP",
            i % 5 === 0 ? "Clean Linen Ltd" : `Laundry ${i}`,
            { tenders_received: i + 1 },
          ),
        ],
      });
    }
  });

  it("summarises the award notices most like the query, per currency, never added across currencies", async () => {
    const { status, json } = await post("/api/v1/awards/search/summary", { query: LINEN, filters });
    expect(status).toBe(200);
    expect(validateSearchSummary(json)).toMatchObject({ ok: true });
    expect(Object.keys(json)).toEqual(["summary"]);
    const { summary } = json;
    expect(summary).toMatchObject({ notices: 10, awards: 10, threshold: 5, reason: null });
    const quartiles = {
      count: 5,
      min: "10000.00",
      q1: "20000.00",
      median: "30000.00",
      q3: "40000.00",
      max: "50000.00",
    };
    expect(summary.values).toEqual({
      contracts: [
        { currency: "EUR", ...quartiles },
        { currency: "GBP", ...quartiles },
      ],
      frameworks: [],
    });
    expect(summary.top_winners[0]).toEqual({
      organisation_id: null,
      name: "Clean Linen Ltd",
      awards: 2,
      totals: [
        { currency: "EUR", total: "10000.00", count: 1 },
        { currency: "GBP", total: "10000.00", count: 1 },
      ],
    });
    expect(summary.tenders_received).toEqual({ count: 10, median: 5.5 });
    // The same notices the award search ranks first.
    const page = await post("/api/v1/awards/search", { query: LINEN, filters, limit: 50 });
    expect(page.json.items).toHaveLength(summary.notices);
  });

  it("applies the filters, and states nothing but the reason below the threshold", async () => {
    const gbp = await post("/api/v1/awards/search/summary", {
      query: LINEN,
      filters: { ...filters, currency: "GBP" },
    });
    expect(gbp.json.summary.values.contracts.map((v: { currency: string }) => v.currency)).toEqual(["GBP"]);
    const few = await post("/api/v1/awards/search/summary", { query: BEDS, filters: { countries: ["AT"] } });
    expect(few.status).toBe(200);
    expect(validateSearchSummary(few.json)).toMatchObject({ ok: true });
    expect(few.json.summary).toMatchObject({
      notices: 1,
      reason: expect.stringMatching(/Too few/),
      values: { contracts: [], frameworks: [] },
      awarded_to_estimated: null,
      tenders_received: null,
      top_winners: [],
      top_buyers: [],
    });
    const none = await post("/api/v1/awards/search/summary", { query: "zzzz qqqq xxxx" });
    expect(none.status).toBe(200);
    expect(none.json.summary).toMatchObject({
      notices: 0,
      awards: 0,
      reason: expect.stringMatching(/Too few/),
    });
  });

  it("refuses a body with an unknown field or no query, and counts in the key's allowance", async () => {
    const unknown = await post("/api/v1/awards/search/summary", { query: LINEN, limit: 10 });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.details).toEqual([expect.objectContaining({ path: "/limit" })]);
    expect((await post("/api/v1/awards/search/summary", { filters: {} })).status).toBe(422);
    expect(
      (await post("/api/v1/awards/search/summary", { query: LINEN, filters: { colour: "red" } })).status,
    ).toBe(422);
    const limited = (await createApiKey(tdb.db, { name: "summary-limited", limitPerMinute: 1 })).key;
    const call = () =>
      send(app, "/api/v1/awards/search/summary", {
        method: "POST",
        headers: { "x-api-key": limited, "content-type": "application/json" },
        body: JSON.stringify({ query: LINEN }),
      });
    await awaitFreshMinute(tdb.db);
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(429);
    expect((await send(app, "/api/v1/awards/search/summary", { headers: { "x-api-key": key } })).status).toBe(
      405,
    );
  });
});
