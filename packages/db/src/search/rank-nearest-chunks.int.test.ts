import { seedTender, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import pgvector from "pgvector";
import { beforeAll, describe, expect, it } from "vitest";
import { vectorParam } from "../sql/vector-param.js";
import { compactQuery } from "./compact-query.js";
import { rankNearestChunks, rankNearestThenFilter } from "./rank-nearest-chunks.js";
import type { RankedChunk } from "./search-results.js";

const t = useTestDatabase();
const DIMS = 1024;
const tenders: string[] = [];

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

const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};
const dot = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);

/** A unit vector whose cosine with the unit vector `q` is `cosine`, in a random direction otherwise. */
function atCosine(q: readonly number[], cosine: number, next: () => number): number[] {
  const r = Array.from({ length: DIMS }, () => next() - 0.5);
  const along = dot(r, q);
  const ortho = unit(r.map((x, i) => x - along * (q[i] as number)));
  const sine = Math.sqrt(Math.max(0, 1 - cosine * cosine));
  return q.map((x, i) => cosine * x + sine * (ortho[i] as number));
}

// Kinds of chunk groups, each against the query direction q.
const KINDS = [
  "duplicates",
  "bound-ladder",
  "near-ties",
  "random",
  "scaled",
  "zero",
  "unfilled",
  "other-model",
] as const;
const groupArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  count: fc.integer({ min: 1, max: 8 }),
  cosine: fc.constantFrom(0.9, 0.5, 0.2, 0, -0.3, 0.999),
  /** Spacing of a ladder, in multiples of the proof's bound E. */
  step: fc.constantFrom(0.25, 0.5, 0.99, 1, 1.01, 2),
  scale: fc.constantFrom(1e-12, 1e-9, 1e-3, 1e3, 1e9, 1e11),
  tender: fc.integer({ min: 0, max: 1 }),
});
const caseArb = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  groups: fc.array(groupArb, { minLength: 1, maxLength: 8 }),
  limit: fc.integer({ min: 1, max: 10 }),
  candidates: fc.integer({ min: 1, max: 12 }),
  queryScale: fc.constantFrom(1, 1e-3, 1e6, 1e-12),
});
type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never;

interface Stored {
  embedding: number[];
  model: string;
  tender: number;
  /** Written while the compact trigger is off: a row the backfill has not reached yet. */
  unfilled: boolean;
}

function chunksOf(c: Case, q: number[], bound: number): Stored[] {
  const next = random(c.seed * 7919);
  const out: Stored[] = [];
  const add = (embedding: number[], g: Case["groups"][number], extra: Partial<Stored> = {}) =>
    out.push({ embedding, model: "test", tender: g.tender, unfilled: false, ...extra });
  for (const g of c.groups) {
    const base = atCosine(q, g.cosine, next);
    for (let i = 0; i < g.count; i++) {
      switch (g.kind) {
        case "duplicates":
          add(base, g);
          break;
        case "bound-ladder":
          // Cosines spaced by fractions and multiples of E: the proof's cut sits between them.
          add(atCosine(q, Math.max(-1, g.cosine - i * g.step * bound), next), g);
          break;
        case "near-ties":
          // Closer than a half can tell apart (and sometimes than a float4 can).
          add(
            base.map((x, j) => (j === i ? x + 1e-7 * (i + 1) : x)),
            g,
          );
          break;
        case "random":
          add(
            Array.from({ length: DIMS }, () => next() - 0.5),
            g,
          );
          break;
        case "scaled":
          // Lengths outside [1e-10, 1e10] get no compact form and are ranked by their full vector.
          add(
            base.map((x) => x * g.scale),
            g,
          );
          break;
        case "zero":
          add(new Array(DIMS).fill(0), g);
          break;
        case "unfilled":
          add(base, g, { unfilled: true });
          break;
        case "other-model":
          // The query's own direction, but another model's vector: never a result.
          add(q, g, { model: "other" });
          break;
      }
    }
  }
  return out;
}

async function store(chunks: Stored[]): Promise<void> {
  await sql`DELETE FROM chunks`.execute(t.db);
  for (const unfilled of [false, true]) {
    const rows = chunks.filter((c) => c.unfilled === unfilled);
    if (rows.length === 0) continue;
    if (unfilled) await sql`ALTER TABLE chunks DISABLE TRIGGER chunks_compact_embedding`.execute(t.db);
    await sql`
      INSERT INTO chunks (tender_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
      SELECT r.tender, encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), 'chunk', r.embedding::vector,
             r.model, r.i, 'metadata', repeat('c', 64)
      FROM unnest(${rows.map((c) => tenders[c.tender])}::uuid[], ${rows.map((c) => pgvector.toSql(c.embedding))}::text[],
                  ${rows.map((c) => c.model)}::text[]) WITH ORDINALITY AS r(tender, embedding, model, i)`.execute(
      t.db,
    );
    if (unfilled) await sql`ALTER TABLE chunks ENABLE TRIGGER chunks_compact_embedding`.execute(t.db);
  }
}

/** The specification's algorithm: every chunk of the model by its full vector, NaN left out, (distance, id). */
async function bruteForce(q: readonly number[], limit: number, tender?: string): Promise<RankedChunk[]> {
  const { rows } = await sql<RankedChunk>`
    SELECT id, distance FROM (
      SELECT id, embedding <=> ${vectorParam(q)}::vector AS distance FROM chunks
      WHERE embedding_model = 'test' AND (${tender ?? null}::uuid IS NULL OR tender_id = ${tender ?? null}::uuid)
    ) AS d
    WHERE distance <> 'NaN'::float8
    ORDER BY distance, id
    LIMIT ${limit}`.execute(t.db);
  return rows;
}

beforeAll(async () => {
  for (let n = 0; n < 2; n++) tenders.push((await seedTender(t.db)).id);
});

describe("rankNearestChunks (compact scan + exact re-rank)", () => {
  it("pgvector rounds float4 to half to nearest, as the proof assumes (Math.f16round)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.float({ noNaN: true, noDefaultInfinity: true, min: -65000, max: 65000 }), {
          minLength: 1,
          maxLength: 200,
        }),
        async (values) => {
          const { rows } = await sql<{ halves: number[] }>`
            SELECT ${pgvector.toSql(values)}::vector::halfvec::real[] AS halves`.execute(t.db);
          // real[] prints the shortest float4 text: back to float4 before comparing.
          expect(rows[0]?.halves.map((x) => Math.fround(x) + 0)).toEqual(
            values.map((x) => Math.f16round(x) + 0),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it("the compact distance is within the bound E of the full distance, on every kind of chunk", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const q = unit(Array.from({ length: DIMS }, random(c.seed)).map((x) => x - 0.5));
        const compact = compactQuery(q);
        if (!compact) throw new Error("a unit query has a compact form");
        await store(chunksOf(c, q, compact.bound));
        const { rows } = await sql<{ gap: number | null }>`
          SELECT max(abs(1 + (embedding_half <#> ${compact.halfvec}::halfvec(1024)) - (embedding <=> ${vectorParam(q)}::vector))) AS gap
          FROM chunks WHERE embedding_half IS NOT NULL AND (embedding <=> ${vectorParam(q)}::vector) <> 'NaN'::float8`.execute(
          t.db,
        );
        expect(rows[0]?.gap ?? 0).toBeLessThanOrEqual(compact.bound);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it("ranks exactly as a full scan: same chunks, order, tie-break and distances, filtered or not", async () => {
    const paths = { proven: 0, fallback: 0 };
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const unitQuery = unit(Array.from({ length: DIMS }, random(c.seed)).map((x) => x - 0.5));
        const q = unitQuery.map((x) => x * c.queryScale);
        await store(chunksOf(c, unitQuery, compactQuery(unitQuery)?.bound ?? 1e-3));
        const input = { embedding: q, model: "test", limit: c.limit, candidates: c.candidates };
        const all = await bruteForce(q, c.limit);
        expect(await rankNearestChunks(t.db, input)).toEqual(all);
        // Described in the same statement: the same ranking, each chunk with its own tender and text.
        const described = await rankNearestChunks(t.db, { ...input, describe: true });
        expect(described.map(({ id, distance }) => ({ id, distance }))).toEqual(all);
        const { rows: stored } = await sql<{ id: string; tender_id: string; content: string }>`
          SELECT id, tender_id, content FROM chunks`.execute(t.db);
        const byId = new Map(stored.map((r) => [r.id, r]));
        for (const r of described) {
          expect(r.shown).toMatchObject({
            tender_id: byId.get(r.id)?.tender_id,
            content: byId.get(r.id)?.content,
          });
          expect(r.shown?.source).toBeTruthy();
        }

        const only = sql<boolean>`t.id = ${tenders[0]}::uuid`;
        const expected = await bruteForce(q, c.limit, tenders[0]);
        expect(await rankNearestChunks(t.db, { ...input, tenders: only })).toEqual(expected);
        const early = await rankNearestThenFilter(t.db, { ...input, tenders: only });
        if (early) expect(early).toEqual(expected);
        paths[early ? "proven" : "fallback"]++;
      }),
      { numRuns: 80 },
    );
    // Both the proven cut and the fallbacks were exercised.
    expect(paths.proven).toBeGreaterThan(0);
    expect(paths.fallback).toBeGreaterThan(0);
  }, 180_000);
});
