import { sql } from "kysely";
import pgvector from "pgvector";
import type { Db } from "../database.js";
import { alertingSavedSearchSql } from "./alerting-saved-search-sql.js";
import { savedFilterSql } from "./saved-filter-sql.js";

export interface RecordTenderMatchesInput {
  tenderId: string;
  /** The version that was indexed: nothing is recorded once the tender has moved on. */
  contentHash: string;
  /** The clock of `open: true` filters. */
  now: Date;
}

/**
 * Records, in one statement, every saved search the indexed tender matches (docs/api.md#saved-searches):
 * its API key is enabled (`alertingSavedSearchSql`: a disabled key's saved searches record
 * nothing, and nothing is made up when the key is enabled again), its filters match, and the
 * best of the tender's chunks against the saved query (score = 1 − cosine distance bounded to
 * [−1, 1], as Search; only chunks of the query's embedding model) is at least `min_score`. Each
 * new match keeps that chunk's text and attachment, and gets a webhook delivery when its saved
 * search has a webhook, in the same statement. A saved search matches a tender at most once per
 * content hash: a replayed event records nothing new. Nothing is recorded when the tender no
 * longer has `contentHash`.
 */
export async function recordTenderMatches(
  db: Db,
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
      -- A zero vector has no direction (NaN distance): it must not pass as a match.
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

/**
 * Saved searches whose query vector was made by another model than `model`, oldest first: they
 * are re-embedded before matching (a query the model gave no vector stays without one).
 */
export async function listSavedSearchesToReembed(
  db: Db,
  model: string,
  limit: number,
): Promise<{ id: string; query: string }[]> {
  return db
    .selectFrom("saved_searches")
    .select(["id", "query"])
    .where("embedding_model", "<>", model)
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Stores a saved query's new vector (null: the model gave none) and the model that made it. */
export async function updateSavedSearchEmbedding(
  db: Db,
  id: string,
  embedding: readonly number[] | null,
  model: string,
): Promise<void> {
  await db
    .updateTable("saved_searches")
    .set({ query_embedding: embedding ? pgvector.toSql([...embedding]) : null, embedding_model: model })
    .where("id", "=", id)
    .execute();
}
