import { sql } from "kysely";
import type { Db } from "../database.js";
import type { RankedChunk } from "./rank-nearest-chunks.js";
import type { ChunkMatch } from "./search.repository.js";

/**
 * Ranked chunks with what a search result shows, in the ranking's order: score = 1 − distance
 * bounded to [−1, 1], scores below `minScore` dropped. The ranking is cut first: the score falls
 * as the distance grows, so the dropped chunks are exactly a tail of it.
 */
export async function describeRanked(
  db: Db,
  ranked: readonly RankedChunk[],
  minScore: number,
): Promise<ChunkMatch[]> {
  if (ranked.length === 0) return [];
  const result = await sql<ChunkMatch>`
    SELECT top.id AS chunk_id, c.tender_id, t.title, s.code AS source, t.source_url, c.content,
           top.score, a.id AS attachment_id, a.filename AS attachment_filename
    FROM (
      SELECT r.id, r.distance, LEAST(1::float8, GREATEST(-1::float8, 1 - r.distance)) AS score
      FROM unnest(${ranked.map((r) => r.id)}::uuid[], ${ranked.map((r) => r.distance)}::float8[]) AS r(id, distance)
    ) AS top
    JOIN chunks AS c ON c.id = top.id
    JOIN tenders AS t ON t.id = c.tender_id
    JOIN sources AS s ON s.id = t.source_id
    LEFT JOIN attachments AS a ON a.id = c.attachment_id
    WHERE top.score >= ${minScore}
    ORDER BY top.distance, top.id`.execute(db);
  return result.rows;
}
