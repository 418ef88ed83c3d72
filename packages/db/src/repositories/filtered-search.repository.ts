import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { vectorParam } from "../sql/vector-param.js";
import type { ChunkMatch, SearchChunksInput } from "./search.repository.js";

/** From this estimated share of matching tenders on, the nearest chunks are ranked first and then filtered. */
const MOSTLY_MATCHING = 0.5;
/** How many nearest chunks that ranking keeps per result asked for. */
const NEAREST_PER_RESULT = 4;

/**
 * The nearest chunks among those of the tenders matching `matches`, when most tenders match:
 * the unfiltered ranking cut at `limit × 4`, then filtered. Exact when it still holds `limit`
 * matching chunks (the restricted ranking is a subsequence of the unfiltered one, in the same
 * order) or when the cut held every chunk; otherwise undefined, and the caller runs the
 * restricted scan. This spares the scan of nearly every chunk a hash probe per chunk.
 */
export async function nearestAmongMatching(
  db: Db,
  input: SearchChunksInput,
  matches: RawBuilder<boolean>,
): Promise<ChunkMatch[] | undefined> {
  if ((await estimatedRows(db, matches)) < MOSTLY_MATCHING * (await estimatedRows(db, sql`true`)))
    return undefined;
  const nearest = input.limit * NEAREST_PER_RESULT;
  const vector = vectorParam(input.embedding);
  const { rows } = await sql<{ id: string; distance: number; considered: number }>`
    WITH nearest AS MATERIALIZED (
      SELECT id, tender_id, embedding <=> ${vector}::vector AS distance
      FROM chunks
      ORDER BY distance, id
      LIMIT ${nearest}
    )
    SELECT n.id, n.distance, (SELECT count(*) FROM nearest)::int AS considered
    FROM nearest AS n
    WHERE n.tender_id IN (SELECT t.id FROM tenders AS t WHERE ${matches})
    ORDER BY n.distance, n.id
    LIMIT ${input.limit}`.execute(db);
  const exact = rows.length === input.limit || (rows[0]?.considered ?? nearest) < nearest;
  if (!exact) return undefined;
  if (rows.length === 0) return [];
  return describeRanked(db, rows, input.minScore);
}

/** The planner's estimate of the tenders matching `condition` (no rows are read). */
async function estimatedRows(db: Db, condition: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>`
    EXPLAIN (FORMAT JSON) SELECT 1 FROM tenders AS t WHERE ${condition}`.execute(db);
  return rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0;
}

/** Ranked chunks with what a result shows: NaN distances and scores below `minScore` dropped, as in `searchChunks`. */
async function describeRanked(
  db: Db,
  ranked: { id: string; distance: number }[],
  minScore: number,
): Promise<ChunkMatch[]> {
  const result = await sql<ChunkMatch>`
    SELECT top.id AS chunk_id, c.tender_id, t.title, s.code AS source, t.source_url, c.content,
           top.score, a.id AS attachment_id, a.filename AS attachment_filename
    FROM (
      SELECT r.id, r.distance, LEAST(1::float8, GREATEST(-1::float8, 1 - r.distance)) AS score
      FROM unnest(${ranked.map((r) => r.id)}::uuid[], ${ranked.map((r) => r.distance)}::float8[]) AS r(id, distance)
      WHERE r.distance <> 'NaN'::float8
    ) AS top
    JOIN chunks AS c ON c.id = top.id
    JOIN tenders AS t ON t.id = c.tender_id
    JOIN sources AS s ON s.id = t.source_id
    LEFT JOIN attachments AS a ON a.id = c.attachment_id
    WHERE top.score >= ${minScore}
    ORDER BY top.distance, top.id`.execute(db);
  return result.rows;
}
