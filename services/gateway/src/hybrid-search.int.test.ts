import { createWireValidator, type SearchResponse } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import {
  createTestDatabase,
  holdTableLock,
  type SeededTender,
  seedTender,
  type TestDatabase,
} from "@tender/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, readJson } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

const validateResponse = createWireValidator("search-response");
const validateError = createWireValidator("error-response");
let tdb: TestDatabase;
let key: string;
let app: ReturnType<typeof createApp>;
let roads: SeededTender;
let german: SeededTender;
let bridges: SeededTender;

async function hybrid(query: string, extra: Record<string, unknown> = {}): Promise<SearchResponse> {
  const response = await postJson(app, "/api/v1/search", { query, mode: "hybrid", limit: 10, ...extra }, key);
  expect(response.status).toBe(200);
  const json = await readJson(response);
  expect(validateResponse(json)).toMatchObject({ ok: true });
  return json as SearchResponse;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "hybrid", limitPerMinute: 1_000_000 })).key;
  roads = await seedTender(tdb.db, {
    externalId: "000002-2019",
    title: "Road maintenance in Tartu",
    cpv_codes: ["45233141"],
    chunks: [
      "Road maintenance in Tartu\nNotice: 000002-2019\nBuyer: City of Tartu\nWinter service of streets.",
    ],
  });
  german = await seedTender(tdb.db, {
    externalId: "123456-2020",
    title: "Winterdienst Stadt Weinheim",
    buyer_name: "Stadt Weinheim",
    cpv_codes: ["45233141"],
    chunks: ["Winterdienst Stadt Weinheim\nNotice: 123456-2020\nBuyer: Stadt Weinheim\nRäumen und Streuen."],
  });
  bridges = await seedTender(tdb.db, {
    externalId: "654321-2021",
    title: "Bridge repair",
    chunks: ["Bridge repair and road maintenance near the river\nNotice: 654321-2021\nBuyer: River Board"],
  });
  app = createApp(testDeps(tdb.db));
});
afterAll(() => tdb.destroy());

describe("hybrid Search (docs/api.md#hybrid-search)", () => {
  it("finds a notice by its number first, also shortened, and says how", async () => {
    for (const query of ["000002-2019", "2-2019", "notice 2-2019"]) {
      const { items } = await hybrid(query);
      expect(items[0]?.tender_id).toBe(roads.id);
      expect(items[0]?.matched).toContain("id");
    }
  });

  it("finds a notice through the CPV vocabulary in another language, whatever its cosine", async () => {
    // The German label of 45233141; neither notice holds these words.
    const { items } = await hybrid("Straßeninstandhaltungsarbeiten");
    expect(new Set(items.map((i) => i.tender_id))).toEqual(new Set([roads.id, german.id]));
    for (const item of items) expect(item.matched).toEqual(["cpv"]);
    expect(items.some((i) => i.score < 0.2)).toBe(true);
  });

  it("finds a buyer by its whole name, and words below MIN_RELEVANCE_SCORE", async () => {
    const { items } = await hybrid("stadt weinheim");
    expect(items[0]?.tender_id).toBe(german.id);
    expect(items[0]?.matched).toEqual(expect.arrayContaining(["buyer", "words"]));
  });

  it("reads phrases, OR and exclusions", async () => {
    // The phrase, or its CPV concept (road-maintenance works); never the notice naming a bridge.
    const phrase = await hybrid('"road maintenance" -bridge');
    expect(phrase.items[0]?.tender_id).toBe(roads.id);
    expect(phrase.items[0]?.matched).toContain("phrase");
    expect(phrase.items.map((i) => i.tender_id)).not.toContain(bridges.id);
    const either = await hybrid("streuen OR river");
    expect(either.items.map((i) => i.tender_id)).toEqual(expect.arrayContaining([german.id, bridges.id]));
  });

  it("leaves vector mode as it was: no matched, nothing found by words alone", async () => {
    const response = await postJson(app, "/api/v1/search", { query: "2-2019", limit: 10 }, key);
    const { items } = (await readJson(response)) as SearchResponse;
    for (const item of items) expect(item).not.toHaveProperty("matched");
  });

  it("answers without a lexical list that runs past its own bound, and logs which one, not the query", async () => {
    const deps = testDeps(tdb.db, {
      config: testConfig({ hybridListTimeoutMs: 100, searchDeadlineMs: 4_000 }),
    });
    const bounded = createApp(deps);
    const search = async () => {
      const started = performance.now();
      const response = await postJson(
        bounded,
        "/api/v1/search",
        { query: "road maintenance", mode: "hybrid" },
        key,
      );
      expect(response.status).toBe(200);
      return { ...((await readJson(response)) as SearchResponse), ms: performance.now() - started };
    };
    // The CPV list finds the road-maintenance notices...
    const free = await search();
    expect(free.items.flatMap((i) => i.matched)).toContain("cpv");
    // ...but waits, while another transaction locks the vocabulary, until its bound cancels it.
    const lock = await holdTableLock(tdb.url, "cpv_labels");
    let held: Awaited<ReturnType<typeof search>>;
    try {
      held = await search();
    } finally {
      await lock.release();
    }
    expect(held.ms).toBeLessThan(2_000);
    expect(held.items.map((i) => i.tender_id)).toEqual(expect.arrayContaining([roads.id, bridges.id]));
    // Found by their words; the vocabulary's list is the one left out (the classes of the best
    // word matches, also `cpv`, may still add their notices).
    for (const id of [roads.id, bridges.id])
      expect(held.items.find((i) => i.tender_id === id)?.matched).toContain("words");
    const warnings = deps.lines.filter((l) => l.level === "warn");
    expect(warnings).toEqual([expect.objectContaining({ list: "cpv", timeout_ms: 100 })]);
    expect(JSON.stringify(warnings)).not.toMatch(/maintenance/i);
  });

  it("answers hostile queries with 200 or a clear 422, never a 500, and quickly", async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "OR",
        "-",
        '"',
        "-OR",
        '-"',
        "the",
        "und",
        "\\",
        "''",
        "(",
        ")",
        ":*",
        "&",
        "|",
        "!",
        "<->",
        "-2019",
      ),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }),
      fc.constantFrom("😀", "👩‍👩‍👧", "ß", "Łódź", "Ωμέγα", "東京", "مرحبا", "2-2019", "road"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 400 }),
        fc.boolean(),
        async (pieces, dense) => {
          const query = pieces.join(dense ? "" : " ").slice(0, 1000);
          const started = performance.now();
          const response = await postJson(app, "/api/v1/search", { query, mode: "hybrid" }, key);
          expect(performance.now() - started).toBeLessThan(5_000);
          expect([200, 422]).toContain(response.status);
          const json = await readJson(response);
          if (response.status === 200) expect(validateResponse(json)).toMatchObject({ ok: true });
          else expect(validateError(json)).toMatchObject({ ok: true });
        },
      ),
      { numRuns: 60 },
    );
  }, 180_000);
});
