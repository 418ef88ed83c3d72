import { parseQuerySyntax } from "@tender/contracts";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpvClassChunks } from "./cpv-class-chunks.js";
import type { ListScope } from "./lexical-lists.js";
import { lexicalConditions } from "./lexical-query-sql.js";
import { wordChunks } from "./word-chunks.js";

const MODEL = "word-chunks-test";
let tdb: TestDatabase;
const tenderOf = new Map<string, string>();

const scopeOf = (query: string): ListScope => ({
  model: MODEL,
  tenders: sql<boolean>`true`,
  conditions: lexicalConditions(parseQuerySyntax(query)),
  depth: 100,
});
async function words(query: string): Promise<string[]> {
  const found = await wordChunks(tdb.db, parseQuerySyntax(query), scopeOf(query));
  return found.map((w) => tenderOf.get(w.tender_id) as string);
}
async function seed(name: string, text: string, cpv: string[] = []) {
  const { id } = await seedTender(tdb.db, {
    title: name,
    cpv_codes: cpv,
    chunks: [text],
    embeddingModel: MODEL,
  });
  tenderOf.set(id, name);
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seed("both", "asphalt road resurfacing", ["45233222"]);
  await seed("rare", "asphalt supply for the depot", ["44113620"]);
  await seed("common", "road signs", ["34992200"]);
  for (let i = 0; i < 30; i++) await seed(`filler-${i}`, `road network report number ${i}`, ["71311000"]);
  await seed("polish", "remont nawierzchni jezdni", ["45233220"]);
  // The words' rarities come from ANALYZE's statistics of the lexemes.
  await sql`ANALYZE chunks`.execute(tdb.db);
});
afterAll(() => tdb.destroy());

describe("wordChunks (docs/api.md#hybrid-search)", () => {
  it("puts the fragments holding every word first, then those holding some, the rarer words weighing more", async () => {
    const found = await words("asphalt road");
    expect(found[0]).toBe("both");
    // "asphalt" is in 2 fragments, "road" in 32: the asphalt supply comes before every road fragment.
    expect(found[1]).toBe("rare");
    expect(found).toContain("common");
    expect(found).not.toContain("polish");
  });

  it("keeps a phrase strict and an exclusion absolute", async () => {
    expect(await words('"asphalt road"')).toEqual(["both"]);
    const excluded = await words("asphalt road -depot -resurfacing");
    expect(excluded).not.toContain("both");
    expect(excluded).not.toContain("rare");
    expect(excluded[0]).toBe("common");
  });

  it("reads any text: quotes, backslashes and punctuation in its words never break the query", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 40 }), async (text) => {
        const query = `${text} road`;
        await expect(wordChunks(tdb.db, parseQuerySyntax(query), scopeOf(query))).resolves.toBeInstanceOf(
          Array,
        );
      }),
      { numRuns: 200 },
    );
    for (const text of ["l'usine", "a\\b", "''", "O'Brien's road", "x\\'y road"]) {
      await expect(words(text)).resolves.toBeInstanceOf(Array);
    }
  });
});

describe("cpvClassChunks", () => {
  it("finds the notices of the class the best word matches share, in any language, those found by words first", async () => {
    const query = "asphalt resurfacing";
    const found = await wordChunks(tdb.db, parseQuerySyntax(query), scopeOf(query));
    const ids = await cpvClassChunks(tdb.db, found, scopeOf(query));
    const { rows } = await sql<{ id: string; tender_id: string }>`
      SELECT id, tender_id FROM chunks WHERE id = ANY(${ids}::uuid[])`.execute(tdb.db);
    const tenderOfChunk = new Map(rows.map((r) => [r.id, tenderOf.get(r.tender_id)]));
    // "both" (4523) votes 1, "rare" (4411) 1/2: class 4523 first, then 4411.
    expect(ids.map((id) => tenderOfChunk.get(id))).toEqual(["both", "polish", "rare"]);
  });
});
