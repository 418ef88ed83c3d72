// The notifier's matching statement before saved searches were looked up by their filters
// (migration 0021): every saved search's filters and its best chunk by full-vector distance, for
// each tender. Kept here only so `matching.ts` can measure before and after in the same run.
import { sql } from "kysely";
import {
  alertingSavedSearchSql,
  type createDb,
  type RecordTenderMatchesInput,
  savedFilterSql,
} from "../../packages/db/dist/index.js";

export async function recordTenderMatchesBefore(
  db: ReturnType<typeof createDb>,
  input: RecordTenderMatchesInput,
): Promise<{ matches: number; deliveries: number }> {
  const { rows } = await sql<{ matches: string; deliveries: string }>`
    WITH t AS (
      SELECT * FROM tenders WHERE id = ${input.tenderId} AND content_hash = ${input.contentHash}
    ), best AS (
      SELECT ss.id AS saved_search_id, ss.webhook_url, b.chunk_id, b.content, b.attachment_id,
             LEAST(1::float8, GREATEST(-1::float8, 1 - b.distance)) AS score, ss.min_score
      FROM t
      JOIN saved_searches AS ss ON ss.query_embedding IS NOT NULL AND ${alertingSavedSearchSql("ss")}
        AND ${savedFilterSql(sql`ss.filters`, input.now)}
      CROSS JOIN LATERAL (
        SELECT c.id AS chunk_id, c.content, c.attachment_id, c.embedding <=> ss.query_embedding AS distance
        FROM chunks AS c
        WHERE c.tender_id = t.id AND c.embedding_model = ss.embedding_model
        ORDER BY distance, c.id
        LIMIT 1
      ) AS b
      WHERE b.distance <> 'NaN'::float8
    ), matched AS (
      INSERT INTO saved_search_matches
        (saved_search_id, tender_id, content_hash, score, snippet, attachment_id, attachment_filename)
      SELECT best.saved_search_id, ${input.tenderId}, ${input.contentHash}, best.score, best.content,
             best.attachment_id, a.filename
      FROM best LEFT JOIN attachments AS a ON a.id = best.attachment_id
      WHERE best.score >= best.min_score
      ON CONFLICT (saved_search_id, tender_id, content_hash) DO NOTHING
      RETURNING id, saved_search_id
    ), delivered AS (
      INSERT INTO webhook_deliveries (match_id)
      SELECT matched.id FROM matched JOIN best ON best.saved_search_id = matched.saved_search_id
      WHERE best.webhook_url IS NOT NULL
      RETURNING id
    )
    SELECT (SELECT count(*) FROM matched) AS matches, (SELECT count(*) FROM delivered) AS deliveries`.execute(
    db,
  );
  const row = rows[0];
  return { matches: Number(row?.matches ?? 0), deliveries: Number(row?.deliveries ?? 0) };
}
