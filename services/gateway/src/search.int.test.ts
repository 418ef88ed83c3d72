import { createHash } from "node:crypto";
import { createWireValidator, type SearchResponse } from "@tender/contracts";
import { createApiKey } from "@tender/db";
import { createTestDatabase, type SeededTender, seedTender, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, readJson } from "./testing/requests.js";
import { testConfig, testDeps } from "./testing/test-deps.js";

// An independent implementation of the fake embedding of docs/records.md#the-fake-embedder, rounded to float32 as
// the vector(1024) column stores it.
function referenceVector(text: string): Float32Array | null {
  const tokens =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const sums = new Float64Array(1024);
  for (const token of tokens) {
    const h = createHash("sha256").update(Buffer.from(token, "utf8")).digest();
    const index = h.readUInt32BE(0) % 1024;
    sums[index] = (sums[index] as number) + ((h[4] as number) & 1 ? -1 : 1);
  }
  const norm = Math.hypot(...sums);
  return norm === 0 ? null : Float32Array.from(sums, (x) => x / norm);
}

function referenceScore(query: string, text: string): number {
  const [q, c] = [referenceVector(query), referenceVector(text)];
  if (!q || !c) throw new Error("no vector");
  let dot = 0;
  for (let i = 0; i < 1024; i++) dot += (q[i] as number) * (c[i] as number);
  return Math.min(1, Math.max(-1, dot));
}

const validateResponse = createWireValidator("search-response");
let tdb: TestDatabase;
let key: string;

async function search(body: unknown, minRelevanceScore = 0.2): Promise<SearchResponse> {
  const app = createApp(testDeps(tdb.db, { config: testConfig({ minRelevanceScore }) }));
  const response = await postJson(app, "/api/v1/search", body, key);
  expect(response.status).toBe(200);
  const json = await readJson(response);
  expect(validateResponse(json)).toMatchObject({ ok: true });
  return json as SearchResponse;
}

async function chunkIdsOf(tenderIds: string[]): Promise<Map<string, string>> {
  const rows = await tdb.db.selectFrom("chunks").select(["id", "tender_id"]).execute();
  return new Map(rows.filter((r) => tenderIds.includes(r.tender_id)).map((r) => [r.tender_id, r.id]));
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  key = (await createApiKey(tdb.db, { name: "search", limitPerMinute: 10_000 })).key;
});
afterAll(() => tdb.destroy());
beforeEach(async () => {
  await sql`TRUNCATE tenders CASCADE`.execute(tdb.db);
});

describe("POST /api/v1/search", () => {
  it("returns the chunks above MIN_RELEVANCE_SCORE, best first, with the scores of the fake vectors", async () => {
    const texts = [
      "Road repair works on the A61 in Leeds.",
      "Repair of the road bridge and road signs.",
      "School catering services for three years.",
      "Road resurfacing: road repair, road markings, road lighting.",
      "Supply of office furniture and chairs.",
      "Emergency repair of water mains.",
      "Repair road.",
    ];
    const tenders: SeededTender[] = [];
    for (const [i, text] of texts.entries()) {
      tenders.push(await seedTender(tdb.db, { title: `Tender ${i}`, chunks: [text] }));
    }
    const query = "  road repair  ";
    const expected = texts
      .map((text, i) => ({ text, tender: tenders[i], score: referenceScore(query, text) }))
      .filter((e) => e.score >= 0.2)
      .sort((a, b) => b.score - a.score);
    expect(expected.length).toBeGreaterThan(2);
    expect(expected.length).toBeLessThan(texts.length);

    const body = await search({ query, limit: 10 });
    expect(body.query).toBe("road repair");
    expect(body.items.map((item) => item.snippet)).toEqual(expected.map((e) => e.text));
    body.items.forEach((item, i) => {
      const e = expected[i];
      expect(Math.abs(item.score - (e?.score ?? Number.NaN))).toBeLessThan(1e-6);
      expect(item).toMatchObject({
        tender_id: e?.tender?.id,
        title: e?.tender?.title,
        source: "ted",
        source_url: e?.tender?.sourceUrl,
        attachment: null,
      });
    });
  });

  it("cuts to limit (5 by default) after ordering", async () => {
    for (let i = 0; i < 8; i++) {
      await seedTender(tdb.db, { chunks: [`Bridge survey, lot ${i}.`] });
    }
    const all = await search({ query: "bridge", limit: 10 });
    expect(all.items).toHaveLength(8);
    const top = await search({ query: "bridge" });
    expect(top.items).toEqual(all.items.slice(0, 5));
    const two = await search({ query: "bridge", limit: 2 });
    expect(two.items).toEqual(all.items.slice(0, 2));
  });

  it("breaks ties of equal scores by chunk uuid", async () => {
    const tenders = [];
    for (let i = 0; i < 6; i++) tenders.push(await seedTender(tdb.db, { chunks: ["Winter road gritting."] }));
    const chunkIds = await chunkIdsOf(tenders.map((t) => t.id));
    const byChunkId = [...chunkIds].sort(([, a], [, b]) => (a < b ? -1 : 1)).map(([tenderId]) => tenderId);

    const body = await search({ query: "road gritting", limit: 4 });
    expect(new Set(body.items.map((item) => item.score)).size).toBe(1);
    expect(body.items.map((item) => item.tender_id)).toEqual(byChunkId.slice(0, 4));
  });

  it("drops chunks scoring below MIN_RELEVANCE_SCORE and keeps one scoring exactly that", async () => {
    // Precondition: four distinct tokens hashing to distinct indexes, so the score is exactly 0.5.
    const half = "alpha beta gamma delta";
    expect(referenceScore("alpha", half)).toBe(0.5);
    const quarter = `alpha ${"x ".repeat(15)}`;
    const quarterScore = referenceScore("alpha", quarter);
    expect(quarterScore).toBeLessThan(0.5);
    await seedTender(tdb.db, { chunks: [half, quarter, "nothing in common"] });

    expect((await search({ query: "alpha" }, 0.5)).items.map((i) => i.snippet)).toEqual([half]);
    expect((await search({ query: "alpha" }, 0.5000001)).items).toEqual([]);
    const low = await search({ query: "alpha" }, quarterScore - 1e-4);
    expect(low.items.map((i) => i.snippet)).toEqual([half, quarter]);
    const everything = await search({ query: "alpha" }, -1);
    expect(everything.items.map((i) => i.snippet)).toEqual([half, quarter, "nothing in common"]);
    expect(everything.items[2]?.score).toBe(0);
  });

  it("names the attachment a fragment came from", async () => {
    const tender = await seedTender(tdb.db, {
      attachments: ["spec.pdf"],
      chunks: [
        "Tender metadata about turbines.",
        { content: "Turbine specification.", attachment: "spec.pdf" },
      ],
    });
    const body = await search({ query: "turbine specification" });
    expect(body.items[0]).toMatchObject({
      snippet: "Turbine specification.",
      attachment: { id: tender.attachmentIds.get("spec.pdf"), filename: "spec.pdf" },
    });
  });

  it("finds chunks of tenders in every index status (old chunks stay searchable while re-indexing)", async () => {
    const statuses = ["pending", "processing", "ready", "failed"] as const;
    for (const status of statuses) {
      const tender = await seedTender(tdb.db, { title: status, chunks: [`Ferry terminal ${status}.`] });
      await tdb.db.updateTable("tenders").set({ index_status: status }).where("id", "=", tender.id).execute();
    }
    const body = await search({ query: "ferry terminal", limit: 10 });
    expect(body.items.map((i) => i.title).sort()).toEqual([...statuses].sort());
  });

  it("finds nothing for a query without tokens, and returns the whole chunk text as the snippet", async () => {
    const long = `Harbour dredging. ${"Sediment removal and disposal. ".repeat(60)}`.trim();
    await seedTender(tdb.db, { chunks: [long] });
    expect((await search({ query: "?!  …  ---" })).items).toEqual([]);
    expect((await search({ query: "sediment removal and disposal" })).items[0]?.snippet).toBe(long);
  });
});
