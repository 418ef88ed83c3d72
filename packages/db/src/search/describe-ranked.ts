import { type RawBuilder, sql } from "kysely";
import type { ChunkMatch, RankedChunk, ShownChunk } from "./search-results.js";

/**
 * A ranking `ranked` (a subquery of `id, distance`) with the columns of {@link ShownChunk}, in
 * the ranking's order; with `describe` false, the ranking alone. Search asks for the description
 * in the ranking's own statement: one statement, round trip and plan fewer than describing the
 * winners afterwards.
 */
export function withDescription(ranked: RawBuilder<unknown>, describe: boolean): RawBuilder<unknown> {
  if (!describe) return sql`SELECT r.id, r.distance FROM (${ranked}) AS r`;
  return sql`
    SELECT r.id, r.distance, c.tender_id, t.title, s.code AS source, t.source_url, c.content,
           a.id AS attachment_id, a.filename AS attachment_filename
    FROM (${ranked}) AS r
    JOIN chunks AS c ON c.id = r.id
    JOIN tenders AS t ON t.id = c.tender_id
    JOIN sources AS s ON s.id = t.source_id
    LEFT JOIN attachments AS a ON a.id = c.attachment_id`;
}

/** A row of {@link withDescription} as a ranked chunk (`shown` only when described). */
export function toRankedChunk(row: RankedChunk & Partial<ShownChunk>): RankedChunk {
  const { id, distance } = row;
  if (row.tender_id === undefined) return { id, distance };
  const { tender_id, title, source, source_url, content, attachment_id, attachment_filename } =
    row as RankedChunk & ShownChunk;
  return {
    id,
    distance,
    shown: { tender_id, title, source, source_url, content, attachment_id, attachment_filename },
  };
}

/**
 * Described ranked chunks as search results, in the ranking's order: score = 1 − distance
 * bounded to [−1, 1], scores below `minScore` dropped. The score falls as the distance grows, so
 * the dropped chunks are exactly a tail of the ranking.
 */
export function toChunkMatches(ranked: readonly RankedChunk[], minScore: number): ChunkMatch[] {
  const matches: ChunkMatch[] = [];
  for (const r of ranked) {
    const score = Math.min(1, Math.max(-1, 1 - r.distance));
    if (!(score >= minScore)) break;
    if (!r.shown) throw new Error("toChunkMatches: a ranked chunk was not described");
    matches.push({ chunk_id: r.id, ...r.shown, score });
  }
  return matches;
}
