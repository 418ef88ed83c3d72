import { sql } from "kysely";
import pgvector from "pgvector";
import type { Db } from "../database.js";
import { alertingSavedSearchSql } from "./alerting-saved-search-sql.js";
import { COMPACT_PAIR_BOUND } from "./compact-query.js";
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
 *
 * How it stays fast with many saved searches, and exact:
 * 1. The tender's chunks are read once. Saved searches are found through the GIN index of
 *    `filter_keys` (migration 0021): a saved search's keys are one of its list filters, and
 *    the tender must share one of them to pass that filter, so no saved search that could
 *    match is left out. A saved search whose only filters have no key (buyer, amounts, dates,
 *    `open`, `kinds`, `current`) is keyed `*`, as an unfiltered one. The full filter is checked
 *    on every one found.
 * 2. Compact pass: for each, the best `embedding_half · query_half` over the chunks is within
 *    E = `COMPACT_PAIR_BOUND` of the best exact score (compact-query.ts has the proof), so a
 *    saved search whose compact best is below `min_score − E` cannot match and goes no further.
 * 3. The rest (and any with a NULL compact vector on either side) get the exact score of
 *    Search from the full vectors, as before.
 */
export async function recordTenderMatches(
  db: Db,
  input: RecordTenderMatchesInput,
): Promise<{ matches: number; deliveries: number }> {
  const { rows } = await recordTenderMatchesSql(input).execute(db);
  const row = rows[0];
  return { matches: Number(row?.matches ?? 0), deliveries: Number(row?.deliveries ?? 0) };
}

/** The statement of {@link recordTenderMatches}, for EXPLAIN too. */
export function recordTenderMatchesSql(input: RecordTenderMatchesInput) {
  return sql<{ matches: string; deliveries: string }>`
    WITH t AS MATERIALIZED (
      SELECT * FROM tenders WHERE id = ${input.tenderId} AND content_hash = ${input.contentHash}
    ), tender_chunks AS MATERIALIZED (
      SELECT c.id, c.content, c.attachment_id, c.embedding, c.embedding_half, c.embedding_model
      FROM chunks AS c WHERE c.tender_id = (SELECT id FROM t)
    ), tender_keys AS MATERIALIZED (
      SELECT tender_filter_keys(t.id, t.cpv_prefixes, t.countries,
                                (SELECT code FROM sources WHERE id = t.source_id), t.currency) AS keys
      FROM t
    ), candidates AS (
      SELECT ss.id, ss.webhook_url, ss.min_score, ss.embedding_model
      FROM t JOIN saved_searches AS ss
        ON ss.filter_keys && (SELECT keys FROM tender_keys)
        AND ss.query_embedding IS NOT NULL AND ${alertingSavedSearchSql("ss")}
        AND ${savedFilterSql(sql`ss.filters`, input.now)}
      WHERE ss.query_half IS NULL OR (
        SELECT bool_or(ch.embedding_half IS NULL)
               OR max(-(ch.embedding_half <#> ss.query_half)) >= ss.min_score - ${COMPACT_PAIR_BOUND}::float8
        FROM tender_chunks AS ch WHERE ch.embedding_model = ss.embedding_model)
    ), best AS (
      SELECT ss.id AS saved_search_id, ss.webhook_url, b.chunk_id, b.content, b.attachment_id,
             LEAST(1::float8, GREATEST(-1::float8, 1 - b.distance)) AS score, ss.min_score
      FROM candidates AS ss
      JOIN saved_searches AS full_query ON full_query.id = ss.id
      CROSS JOIN LATERAL (
        SELECT c.id AS chunk_id, c.content, c.attachment_id, c.embedding <=> full_query.query_embedding AS distance
        FROM tender_chunks AS c
        WHERE c.embedding_model = ss.embedding_model
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
    SELECT (SELECT count(*) FROM matched) AS matches, (SELECT count(*) FROM delivered) AS deliveries`;
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
