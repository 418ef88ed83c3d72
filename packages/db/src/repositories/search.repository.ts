import type { TenderFilters } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import { vectorParam } from "../sql/vector-param.js";
import { nearestAmongMatching } from "./filtered-search.repository.js";
import { hasTenderFilters, tenderFilterSql } from "./tender-filter-sql.js";

/** One chunk found by {@link searchChunks}, with what a search result shows of its tender. */
export interface ChunkMatch {
  chunk_id: string;
  tender_id: string;
  title: string;
  /** Code of the tender's source. */
  source: string;
  source_url: string;
  /** The whole chunk text. */
  content: string;
  /** 1 − cosine distance, bounded to [−1, 1], not rounded. */
  score: number;
  /** Null when the chunk holds the tender's own metadata. */
  attachment_id: string | null;
  attachment_filename: string | null;
}

export interface SearchChunksInput {
  /** The query vector: 1024 finite numbers, not all zero. */
  embedding: readonly number[];
  /** Chunks scoring below this are dropped. */
  minScore: number;
  limit: number;
  /** Only chunks of the tenders matching these (extensions.md 2); none: every chunk. */
  filters?: TenderFilters;
  /** The instant `filters.open` compares deadlines with; default now. */
  now?: Date;
}

/**
 * The exact nearest chunks of the query vector (spec 4.1): score = 1 − cosine distance bounded
 * to [−1, 1]; chunks below `minScore` dropped; closest first, chunk uuid breaking ties; at most
 * `limit`. A sequential scan of every chunk (no approximate index); chunks of every
 * `index_status` count, so a tender being re-indexed keeps its old chunks searchable.
 *
 * The vector is a bound parameter, not a sub-select: an InitPlan would disable the parallel
 * scan. The scan ranks by distance alone and joins only the `limit` winners. The score filter
 * runs after the cut: the score falls as the distance grows, so the chunks below `minScore`
 * are exactly a tail of the ranking, and cutting first keeps one distance computation per chunk.
 *
 * With `filters`, the answer is the same restricted to the chunks of the matching tenders (same
 * scores, order, tie-break and cut). When the planner expects most tenders to match, the nearest
 * chunks are ranked first and then filtered (`nearestAmongMatching`); otherwise, or when that
 * ranking held too few matching chunks, the matching tender ids are selected first and the
 * planner reaches their chunks through `chunks(tender_id)` (bench/search/filtered.ts).
 */
export async function searchChunks(db: Db, input: SearchChunksInput): Promise<ChunkMatch[]> {
  if (hasTenderFilters(input.filters)) {
    const fixed = { ...input, now: input.now ?? new Date() };
    const nearest = await nearestAmongMatching(db, fixed, tenderFilterSql(fixed.filters, fixed.now));
    if (nearest) return nearest;
    return (await searchChunksSql(fixed).execute(db)).rows;
  }
  return (await searchChunksSql(input).execute(db)).rows;
}

/** The statement `searchChunks` runs, for a benchmark's EXPLAIN. */
export function searchChunksSql(input: SearchChunksInput) {
  const vector = vectorParam(input.embedding);
  return sql<ChunkMatch>`
    SELECT top.id AS chunk_id, c.tender_id, t.title, s.code AS source, t.source_url, c.content,
           top.score, a.id AS attachment_id, a.filename AS attachment_filename
    FROM (
      SELECT ranked.id, ranked.distance,
             LEAST(1::float8, GREATEST(-1::float8, 1 - ranked.distance)) AS score
      FROM (
        SELECT id, embedding <=> ${vector}::vector AS distance
        FROM chunks
        WHERE ${chunkScope(input)}
        ORDER BY distance, id
        LIMIT ${input.limit}
      ) AS ranked
      -- A zero vector has no direction (NaN distance): it must not pass as a perfect match.
      WHERE ranked.distance <> 'NaN'::float8
    ) AS top
    JOIN chunks AS c ON c.id = top.id
    JOIN tenders AS t ON t.id = c.tender_id
    JOIN sources AS s ON s.id = t.source_id
    LEFT JOIN attachments AS a ON a.id = c.attachment_id
    WHERE top.score >= ${input.minScore}
    ORDER BY top.distance, top.id`;
}

function chunkScope(input: SearchChunksInput) {
  if (!hasTenderFilters(input.filters)) return sql`true`;
  const matches = tenderFilterSql(input.filters, input.now ?? new Date());
  return sql`tender_id IN (SELECT t.id FROM tenders AS t WHERE ${matches})`;
}
