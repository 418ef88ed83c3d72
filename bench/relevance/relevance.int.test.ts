import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeProvider } from "../../packages/ai/dist/index.js";
import { createTestDatabase, type TestDatabase } from "../../packages/testing/dist/index.js";
import { loadCorpus } from "./load-corpus.ts";
import { loadQueries, type RelevanceQuery, relevantNotices } from "./relevance-judgments.ts";
import { runRelevance } from "./run-relevance.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

// A slice: the notices of 3 numbers and 3 buyers the queries name, then the first corpus notices
// up to 30; and 10 queries of the four sets that have a relevant notice in it.
const corpus = loadCorpus();
const all = loadQueries();
const named = (set: string, n: number) => all.filter((q) => q.set === set).slice(0, n);
const namedIds = [...named("notice-number", 3), ...named("buyer-name", 3)].flatMap(
  (q) => q.relevant.ids ?? [],
);
const slice = [
  ...corpus.filter((n) => namedIds.includes(n.id)),
  ...corpus.filter((n) => !namedIds.includes(n.id)),
].slice(0, 30);
const answerable = (q: RelevanceQuery) => relevantNotices(q, slice).size > 0;
const queries = [
  ...named("notice-number", 3),
  ...named("buyer-name", 3),
  ...all.filter((q) => q.set === "cpv-label" && answerable(q)).slice(0, 2),
  ...all.filter((q) => q.set === "title-same-cpv4" && answerable(q)).slice(0, 2),
];

describe("relevance benchmark", () => {
  it("ingests, indexes and searches a slice through the service's code and computes every figure", async () => {
    expect(queries).toHaveLength(10);
    const result = await runRelevance({
      db: t.db,
      ai: createFakeProvider(),
      notices: slice,
      queries,
      modes: ["vector"],
      index: { concurrency: 2, embedBatchSize: 32 },
      search: { minRelevanceScore: 0.2, fragments: 10 },
    });
    expect(result).toMatchObject({ tenders: 30, ready: 30 });
    expect(result.chunks).toBeGreaterThanOrEqual(30);

    // Stored as a TED sync stores it: the number as the source id, the CPV codes and country as facets.
    const first = slice.find((n) => n.document_type === "7" && n.country !== null);
    const stored = await t.db
      .selectFrom("tenders")
      .select(["cpv_codes", "countries", "kind", "index_status"])
      .where("external_id", "=", first?.id ?? "")
      .executeTakeFirstOrThrow();
    expect(stored.cpv_codes).toContain(first?.cpv_main);
    expect(stored.countries).toEqual([first?.country]);
    expect(stored).toMatchObject({ kind: "result", index_status: "ready" });

    const row = (set: string, group = "all") => result.rows.find((r) => r.set === set && r.group === group);
    for (const set of ["notice-number", "buyer-name", "cpv-label", "title-same-cpv4"]) {
      const figures = row(set);
      expect(figures?.queries, set).toBe(set === "cpv-label" || set === "title-same-cpv4" ? 2 : 3);
      for (const value of [figures?.ndcg, figures?.mrr, figures?.hit]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
    expect(result.rows.every((r) => r.mode === "vector")).toBe(true);
    // Wiring, not quality: a buyer's own name finds its notice among 30, so answers map back to numbers.
    expect(row("buyer-name")?.hit).toBeGreaterThan(0);
  });
});
