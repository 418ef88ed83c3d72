import { randomUUID } from "node:crypto";
import { NOTICE_KINDS, type TenderFilters } from "@tender/contracts";
import { seedTender, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { tenderFilterSql } from "../browse/tender-filter-sql.js";
import { createApiKey, setApiKeyEnabled } from "../keys/api-keys.repository.js";
import { COMPACT_PAIR_BOUND } from "../search/compact-query.js";
import { vectorParam } from "../sql/vector-param.js";
import { recordTenderMatches } from "./record-tender-matches.js";

const t = useTestDatabase();
const DIMS = 1024;
const NOW = new Date("2026-02-06T00:00:00Z");
// The fake provider's model, which seedTender stores chunks under.
const FAKE_MODEL = "fake-hash-1024";
const OTHER_MODEL = "other-model";
let enabledKey: string;
let disabledKey: string;

beforeAll(async () => {
  enabledKey = (await createApiKey(t.db, { name: "on", limitPerMinute: 100 })).id;
  disabledKey = (await createApiKey(t.db, { name: "off", limitPerMinute: 100 })).id;
  await setApiKeyEnabled(t.db, disabledKey, false);
});

const oneIn = (n: number) => fc.integer({ min: 1, max: n }).map((x) => x === 1);

/** A deterministic generator, so fast-check shrinks seeds rather than 1024-number arrays. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

// A few shared directions, so that queries and chunks are often close and scores spread over [−1, 1].
const BASES = Array.from({ length: 4 }, (_, b) => {
  const next = random(b + 101);
  return Array.from({ length: DIMS }, () => next() - 0.5);
});

/** How a vector is drawn: a mix of the shared directions, noise, and lengths outside the compact range. */
const vectorArb = fc.record({
  weights: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 4, maxLength: 4 }),
  noise: fc.constantFrom(0, 1e-4, 0.05, 1),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  scale: fc.constantFrom(1, 1, 1, 1e-12, 1e11, 0),
});
type VectorSpec = typeof vectorArb extends fc.Arbitrary<infer T> ? T : never;

function toVector(spec: VectorSpec): number[] {
  const next = random(spec.seed);
  return Array.from({ length: DIMS }, (_, i) => {
    const mixed = spec.weights.reduce((sum, w, b) => sum + w * (BASES[b]?.[i] as number), 0);
    return (mixed + spec.noise * (next() - 0.5)) * spec.scale;
  });
}

const day = fc.integer({ min: 0, max: 45 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString());
const tenderArb = fc.record({
  source: fc.constantFrom("ted", "contracts_finder"),
  countries: fc.subarray(["FR", "DE", "ES"], { minLength: 1 }),
  cpv_codes: fc.subarray(["45233141", "45000000", "72000000"], { minLength: 1 }),
  buyer_name: fc.constantFrom("City of 100% Roads", "Roads_Dept", "ACME"),
  amount: fc.option(fc.constantFrom("0.00", "1000.00", "4500.50", "9000.00")),
  currency: fc.option(fc.constantFrom("EUR", "GBP")),
  published_at: day,
  deadline: fc.option(day),
  kind: fc.constantFrom(...NOTICE_KINDS),
  superseded: oneIn(3),
  chunks: fc.array(fc.record({ vector: vectorArb, otherModel: oneIn(4) }), { minLength: 0, maxLength: 5 }),
});

const VALUES = {
  sources: fc.shuffledSubarray(["ted", "contracts_finder"] as const, { minLength: 1 }),
  countries: fc.subarray(["FR", "DE", "ES"], { minLength: 1 }),
  cpv: fc.subarray(["45", "4523", "45233141", "72", "99"], { minLength: 1 }),
  buyer: fc.constantFrom("%", "_", "100%", "s_d", "roads", "ACME"),
  currency: fc.constantFrom("EUR", "GBP"),
  amount_min: fc.constantFrom("0.00", "2000.00", "4500.50"),
  amount_max: fc.constantFrom("1000.00", "5000.00"),
  published_from: day,
  published_to: day,
  deadline_from: day,
  deadline_to: day,
  open: fc.boolean(),
  // "self" stands for the tender's own id, known only once it is stored.
  tender_ids: fc.array(fc.oneof(fc.constant("self"), fc.uuid({ version: 4 })), {
    minLength: 1,
    maxLength: 3,
  }),
  kinds: fc.subarray([...NOTICE_KINDS], { minLength: 1, maxLength: 3 }),
  current: fc.boolean(),
};
const KEYS = Object.keys(VALUES) as (keyof typeof VALUES)[];
// Often none or a single list filter (each one the index is looked up by), so that many saved
// searches pass their filters and reach the vector test; or only kinds/current, which give no
// index key (found as unfiltered, then judged by the full filter); otherwise up to three of any kind.
const LISTS = ["sources", "countries", "cpv", "currency", "tender_ids"] as const;
const filtersArb = fc
  .tuple(
    fc.record(VALUES),
    fc.oneof(
      fc.constant([]),
      // Weighted so that every kind of index key is matched in every run (the check at the end):
      // at 1 in 4, a currency-only saved search matched in none of 80 runs once in a while.
      { arbitrary: fc.constantFrom(...LISTS).map((k) => [k]), weight: 3 },
      fc.subarray(["kinds", "current"] as const, { minLength: 1 }),
      fc.subarray(KEYS, { maxLength: 3 }),
    ),
  )
  .map(([all, keys]) => Object.fromEntries(keys.map((k) => [k, all[k]])) as TenderFilters);

// min_score relative to the saved search's exact best score: on it, one float step either side,
// inside and just outside the compact pass's error bound, or anywhere.
const E = COMPACT_PAIR_BOUND;
const savedArb = fc.record({
  vector: fc.oneof(
    vectorArb,
    fc.nat({ max: 4 }).map((chunk) => ({ chunk })),
  ),
  filters: filtersArb,
  otherModel: oneIn(4),
  disabled: oneIn(4),
  minScore: fc.oneof(
    fc.constantFrom(0, 1e-15, -1e-15, E / 2, -E / 2, E, -E, 1.01 * E, -1.01 * E, 2 * E, -2 * E),
    fc.double({ min: -1, max: 1, noNaN: true }).map((anywhere) => ({ anywhere })),
  ),
});

/** The exact rule, one saved search at a time, without the index or the compact pass. */
async function bruteForceScore(tenderId: string, savedId: string): Promise<number | null> {
  const { rows } = await sql<{ best: number | null }>`
    SELECT max(LEAST(1::float8, GREATEST(-1::float8, 1 - d))) AS best
    FROM (SELECT c.embedding <=> ss.query_embedding AS d
          FROM chunks AS c, saved_searches AS ss
          WHERE c.tender_id = ${tenderId} AND ss.id = ${savedId} AND c.embedding_model = ss.embedding_model) AS x
    WHERE d <> 'NaN'::float8`.execute(t.db);
  return rows[0]?.best ?? null;
}

async function passesFilters(tenderId: string, filters: TenderFilters): Promise<boolean> {
  const { rows } = await sql`
    SELECT 1 FROM tenders AS t WHERE t.id = ${tenderId} AND ${tenderFilterSql(filters, NOW)}`.execute(t.db);
  return rows.length === 1;
}

describe("recordTenderMatches against a brute-force evaluation", () => {
  it("records exactly the saved searches whose filters pass and whose best exact score reaches min_score", async () => {
    const seen = {
      matched: 0,
      unmatched: 0,
      nearBound: 0,
      byKindsOrCurrentOnly: 0,
      refusedByKindsOrCurrent: 0,
    };
    // The kind of index key each match was found by (t:, p:, c:, s:, cur: or *).
    const foundBy = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        tenderArb,
        fc.array(savedArb, { minLength: 1, maxLength: 12 }),
        async (drawn, saved) => {
          await t.db.deleteFrom("saved_searches").execute();
          const { chunks, kind, superseded, ...fields } = drawn;
          const tender = await seedTender(t.db, {
            ...fields,
            chunks: chunks.map((_, i) => `chunk ${i}`),
          });
          // Superseded by itself: any notice id would do, and this one needs no second tender.
          await sql`UPDATE tenders SET kind = ${kind}, superseded_by = ${superseded ? tender.id : null}
                    WHERE id = ${tender.id}`.execute(t.db);
          const chunkRows = await t.db
            .selectFrom("chunks")
            .select("id")
            .where("tender_id", "=", tender.id)
            .orderBy("position")
            .execute();
          const chunkVectors = chunks.map((c) => toVector(c.vector));
          for (const [i, row] of chunkRows.entries()) {
            const model = chunks[i]?.otherModel ? OTHER_MODEL : FAKE_MODEL;
            await sql`UPDATE chunks SET embedding = ${vectorParam(chunkVectors[i] as number[])}::vector,
                    embedding_model = ${model} WHERE id = ${row.id}`.execute(t.db);
          }

          const expected: string[] = [];
          for (const s of saved) {
            const id = randomUUID();
            const filters = { ...s.filters };
            if (filters.tender_ids)
              filters.tender_ids = filters.tender_ids.map((x) => (x === "self" ? tender.id : x));
            const vector =
              "chunk" in s.vector
                ? (chunkVectors[s.vector.chunk] ??
                  toVector({ weights: [1, 0, 0, 0], noise: 0, seed: 1, scale: 1 }))
                : toVector(s.vector);
            await t.db
              .insertInto("saved_searches")
              .values({
                id,
                api_key_id: s.disabled ? disabledKey : enabledKey,
                name: "s",
                query: "q",
                query_embedding: sql`${vectorParam(vector)}::vector` as unknown as string,
                embedding_model: s.otherModel ? OTHER_MODEL : FAKE_MODEL,
                filters: JSON.stringify(filters),
                min_score: 0,
                feed_token_hash: randomUUID().replaceAll("-", "").repeat(2),
              })
              .execute();
            const best = await bruteForceScore(tender.id, id);
            const minScore =
              typeof s.minScore === "object" || best === null
                ? typeof s.minScore === "object"
                  ? s.minScore.anywhere
                  : 0
                : Math.min(1, Math.max(-1, best + s.minScore));
            await t.db
              .updateTable("saved_searches")
              .set({ min_score: minScore })
              .where("id", "=", id)
              .execute();
            if (best !== null && Math.abs(best - minScore) <= 2 * E) seen.nearBound += 1;
            const passes = await passesFilters(tender.id, filters);
            if (!s.disabled && best !== null && best >= minScore && passes) expected.push(id);
            const kindsOrCurrentOnly =
              Object.keys(filters).length > 0 &&
              Object.keys(filters).every((k) => k === "kinds" || k === "current");
            if (kindsOrCurrentOnly && !s.disabled && best !== null && best >= minScore) {
              if (passes) seen.byKindsOrCurrentOnly += 1;
              else seen.refusedByKindsOrCurrent += 1;
            }
          }

          const result = await recordTenderMatches(t.db, {
            tenderId: tender.id,
            contentHash: tender.contentHash,
            now: NOW,
          });
          const recorded = await t.db
            .selectFrom("saved_search_matches")
            .select("saved_search_id")
            .where("tender_id", "=", tender.id)
            .execute();
          expect(recorded.map((r) => r.saved_search_id).sort()).toEqual(expected.sort());
          expect(result.matches).toBe(expected.length);
          seen.matched += expected.length;
          if (expected.length > 0) {
            const keys = await t.db
              .selectFrom("saved_searches")
              .select("filter_keys")
              .where("id", "in", expected)
              .execute();
            for (const k of keys) foundBy.add(k.filter_keys[0]?.replace(/:.*/, "") ?? "none");
          }
          seen.unmatched += saved.length - expected.length;
        },
      ),
      { numRuns: 80 },
    );
    // The comparison must cover both outcomes, often right at min_score.
    expect(seen.matched).toBeGreaterThan(20);
    expect(seen.unmatched).toBeGreaterThan(20);
    expect(seen.nearBound).toBeGreaterThan(20);
    // Saved searches filtered only by kinds/current were both matched and refused by those filters.
    expect(seen.byKindsOrCurrentOnly).toBeGreaterThan(3);
    expect(seen.refusedByKindsOrCurrent).toBeGreaterThan(3);
    expect([...foundBy].sort()).toEqual(["*", "c", "cur", "p", "s", "t"]);
    // 80 tenders with up to 12 saved searches each, on a shared machine; shrinking a failure takes longer.
  }, 180_000);

  it("derives lookup keys from any stored filters object without failing the write", async () => {
    const junk = fc
      .dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string()), fc.jsonValue(), { maxKeys: 5 })
      // jsonb itself refuses NUL characters; that is not what is tested here.
      .filter((filters) => !JSON.stringify(filters).includes("\\u0000"));
    await fc.assert(
      fc.asyncProperty(junk, async (filters) => {
        const { rows } = await sql<{ keys: string[] }>`
          INSERT INTO saved_searches (api_key_id, name, query, embedding_model, filters, min_score, feed_token_hash)
          VALUES (${enabledKey}, 's', 'q', ${FAKE_MODEL}, ${JSON.stringify(filters)}::jsonb, 0,
                  ${randomUUID().replaceAll("-", "").repeat(2)})
          RETURNING filter_keys AS keys`.execute(t.db);
        const keys = rows[0]?.keys ?? [];
        expect(keys.every((k) => /^(\*$|t:|p:|c:|s:|cur:)/.test(k))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
