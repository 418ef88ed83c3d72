import { createWireValidator } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { awaitFreshMinute } from "./testing/fresh-minute.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

const validateList = createWireValidator("cpv-suggestion-list");
const validateCard = createWireValidator("tender-details");
const validateFacets = createWireValidator("facets-response");
const validateTenders = createWireValidator("tender-list-response");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;
let tenderId: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ({ key } = await createApiKey(tdb.db, { name: "cpv", limitPerMinute: 1_000_000 }));
  app = createApp(testDeps(tdb.db));
  tenderId = (await seedTender(tdb.db, { cpv_codes: ["45233141", "99999999"], countries: ["DE"] })).id;
});
afterAll(() => tdb.destroy());

async function get(path: string, headers: Record<string, string> = {}, target = app, apiKey = key) {
  const response = await send(target, path, { headers: { "x-api-key": apiKey, ...headers } });
  return {
    status: response.status,
    headers: response.headers,
    json: response.status === 304 ? null : await readJson(response),
  };
}

const codes = (json: { items: { code: string }[] }) => json.items.map((item) => item.code);

describe("GET /api/v1/cpv", () => {
  it("finds codes by their digits, broadest first, and a full code with its check digit", async () => {
    const byPrefix = await get("/api/v1/cpv?q=4523&limit=3");
    expect(byPrefix.status).toBe(200);
    expect(validateList(byPrefix.json)).toMatchObject({ ok: true });
    expect(byPrefix.json.items[0]).toEqual({
      code: "45230000",
      label:
        "Construction work for pipelines, communication and power lines, for highways, roads, airfields and railways; flatwork",
      level: 3,
    });
    expect(codes(byPrefix.json).every((code: string) => code.startsWith("4523"))).toBe(true);
    expect(codes((await get("/api/v1/cpv?q=45233141-9")).json)).toEqual(["45233141"]);
  });

  it("finds codes by the start of their label's words, accents and case folded, in the asked language", async () => {
    const english = await get("/api/v1/cpv?q=Road%20MAINTEN");
    expect(english.json.lang).toBe("en");
    expect(english.json.items).toContainEqual({
      code: "45233141",
      label: "Road-maintenance works",
      level: 5,
    });
    const french = await get("/api/v1/cpv?q=electricite&lang=fr");
    expect(french.headers.get("content-language")).toBe("fr");
    expect(french.json.items.length).toBeGreaterThan(0);
    for (const item of french.json.items) expect(item.label.toLowerCase()).toMatch(/électricité/);
    // Accept-Language when `lang` is absent: Austrian German is German; `Bauarbeiten` is the division.
    const german = await get("/api/v1/cpv?q=bauarbeiten", {
      "accept-language": "xx;q=1, de-AT;q=0.9, en;q=0.8",
    });
    expect(german.json.lang).toBe("de");
    expect(german.json.items[0]).toEqual({ code: "45000000", label: "Bauarbeiten", level: 1 });
    expect(german.headers.get("vary")).toMatch(/Accept-Language/);
    // Digits and words together narrow each other.
    expect(codes((await get("/api/v1/cpv?q=road%20452&limit=50")).json)).toContain("45233141");
    expect(codes((await get("/api/v1/cpv?q=road%2072&limit=50")).json)).toEqual([]);
  });

  it("refuses unknown, repeated or invalid parameters with one detail each", async () => {
    const cases: [string, string][] = [
      ["/api/v1/cpv?q=road&page=2", "/page"],
      ["/api/v1/cpv?q=road&lang=xx", "/lang"],
      ["/api/v1/cpv?q=road&lang=EN", "/lang"],
      ["/api/v1/cpv?q=road&limit=51", "/limit"],
      ["/api/v1/cpv?lang=de", "/q"],
      ["/api/v1/cpv?q=%20%20", "/q"],
      [`/api/v1/cpv?q=${"a".repeat(101)}`, "/q"],
    ];
    for (const [path, detail] of cases) {
      const { status, json } = await get(path);
      expect(status, path).toBe(422);
      expect(json.error.code).toBe("validation_error");
      expect(json.error.details.map((d: { path: string }) => d.path)).toEqual([detail]);
    }
    expect((await get("/api/v1/cpv?q=a&q=b")).json.error.details).toEqual([
      { path: "/q", message: "Must be given once" },
    ]);
    expect((await send(app, "/api/v1/cpv?q=road")).status).toBe(401);
  });

  it("answers the same query with the same ETag, 304 when the client has it, and lets it be cached", async () => {
    const first = await get("/api/v1/cpv?q=software");
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, max-age=86400");
    const again = await get("/api/v1/cpv?q=software");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.json).toEqual(first.json);
    const cached = await send(app, "/api/v1/cpv?q=software", {
      headers: { "x-api-key": key, "if-none-match": etag },
    });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
    expect(cached.headers.get("etag")).toBe(etag);
    expect((await get("/api/v1/cpv?q=software&lang=de")).headers.get("etag")).not.toBe(etag);
  });

  it("has a per-key bound of its own that never spends the allowance of Search", async () => {
    const own = await createApiKey(tdb.db, { name: "typist", limitPerMinute: 2 });
    const bounded = createApp(testDeps(tdb.db, { config: { ...testConfig(), cpvLookupsPerMinute: 3 } }));
    await awaitFreshMinute(tdb.db);
    for (const q of ["r", "ro", "roa"]) {
      const lookup = await get(`/api/v1/cpv?q=${q}`, {}, bounded, own.key);
      expect(lookup.status).toBe(200);
      expect(lookup.headers.get("x-ratelimit-limit")).toBe("3");
    }
    const refused = await get("/api/v1/cpv?q=road", {}, bounded, own.key);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limit_exceeded");
    expect(refused.json.error.message).toMatch(/allowance of Search and Ask is not affected/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The key's own allowance (2 a minute) is untouched: Search still gets both.
    for (let i = 0; i < 2; i++) {
      const search = await postJson(bounded, "/api/v1/search", { query: "road works" }, own.key);
      expect(search.status).toBe(200);
    }
    // Another key's look-ups are counted apart.
    expect((await get("/api/v1/cpv?q=road", {}, bounded)).status).toBe(200);
  });

  it("answers any text as q with a valid list or a validation_error, never a failure", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 120 }),
        fc.integer({ min: 1, max: 50 }),
        async (q, limit) => {
          const { status, json } = await get(`/api/v1/cpv?q=${encodeURIComponent(q)}&limit=${limit}`);
          expect([200, 422]).toContain(status);
          if (status === 200) {
            expect(validateList(json)).toMatchObject({ ok: true });
            expect(json.items.length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("CPV labels on the tender card, browsing and facets", () => {
  it("labels each code in English by default, in the `lang` or Accept-Language asked for, null when unknown", async () => {
    const card = await get(`/api/v1/tenders/${tenderId}`);
    expect(validateCard(card.json)).toMatchObject({ ok: true });
    expect(card.json.cpv_codes).toEqual(["45233141", "99999999"]);
    expect(card.json.cpv).toEqual([
      { code: "45233141", label: "Road-maintenance works" },
      { code: "99999999", label: null },
    ]);
    expect(card.headers.get("content-language")).toBe("en");
    const german = await get(`/api/v1/tenders/${tenderId}?lang=de`);
    expect(german.json.cpv[0]).toEqual({ code: "45233141", label: "Straßeninstandhaltungsarbeiten" });
    expect(german.headers.get("content-language")).toBe("de");
    const french = await get(`/api/v1/tenders/${tenderId}`, { "accept-language": "fr-BE" });
    expect(french.json.cpv[0]).toEqual({ code: "45233141", label: "Travaux d'entretien routier" });
  });

  it("labels browse items and CPV division facets, `lang` beside the filters", async () => {
    const list = await get("/api/v1/tenders?country=DE&lang=pl");
    expect(list.status).toBe(200);
    expect(validateTenders(list.json)).toMatchObject({ ok: true });
    expect(list.json.items[0].cpv).toEqual([
      { code: "45233141", label: "Roboty w\u00a0zakresie konserwacji dróg" }, // a no-break space, as Polish typesetting wants
      { code: "99999999", label: null },
    ]);
    const facets = await get("/api/v1/facets?cpv=45&lang=it");
    expect(validateFacets(facets.json)).toMatchObject({ ok: true });
    expect(facets.json.cpv_divisions).toEqual([
      { value: "45", count: 1, label: "Lavori di costruzione" },
      { value: "99", count: 1, label: null },
    ]);
  });

  it("refuses an unknown language on every route that shows labels", async () => {
    for (const path of [
      `/api/v1/tenders/${tenderId}?lang=klingon`,
      "/api/v1/tenders?lang=xx",
      "/api/v1/facets?lang=",
    ]) {
      const { status, json } = await get(path);
      expect(status, path).toBe(422);
      expect(json.error.details.map((d: { path: string }) => d.path)).toEqual(["/lang"]);
    }
  });
});
