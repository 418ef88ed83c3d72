import type { AlertReason } from "@tender/contracts";
import { sql } from "kysely";
import pgvector from "pgvector";
import type { Db } from "../database.js";
import { COMPACT_PAIR_BOUND } from "../search/compact-query.js";
import { alertingSavedSearchSql } from "./alerting-saved-search-sql.js";
import { FOLLOW_UP_REASON_SQL, VISIBLE_CHANGE_PATH } from "./follow-up-sql.js";
import { savedFilterSql } from "./saved-filter-sql.js";
import { notExcludedBy, tenderTextSql, textMatchesSql } from "./text-matches-sql.js";

export interface RecordTenderMatchesInput {
  tenderId: string;
  /** The version that was indexed: nothing is recorded once the tender has moved on. */
  contentHash: string;
  /** The clock of `open: true` filters. */
  now: Date;
}

/** What one indexed tender recorded: every alert (`matches`, follow-ups included), its follow-ups and webhook deliveries. */
export interface RecordedMatches {
  matches: number;
  followUps: number;
  deliveries: number;
  /** The reason of its follow-ups (one tender has one), present only when it recorded any. */
  followUpReason?: Exclude<AlertReason, "match">;
}

/**
 * Records, in one statement, every saved search the indexed tender matches (docs/api.md#saved-searches)
 * and every follow-up it is (docs/events.md#follow-ups), each with a webhook delivery when its
 * saved search has a webhook.
 *
 * A match: its API key is enabled (`alertingSavedSearchSql`: a disabled key's saved searches
 * record nothing, and nothing is made up when the key is enabled again), its filters match, and
 * the best of the tender's chunks against the saved query (score = 1 − cosine distance bounded
 * to [−1, 1], as Search; only chunks of the query's embedding model) is at least `min_score`.
 * Each keeps that chunk's text and attachment. A saved search matches a tender at most once per
 * content hash: a replayed event records nothing new. Nothing is recorded when the tender no
 * longer has `contentHash`.
 *
 * A follow-up: the tender is a change, modification, result or cancellation of a procedure in
 * which the saved search has an alert on another notice. It is recorded whether or not the query
 * matches (with the best chunk all the same), with its reason (`FOLLOW_UP_REASONS`) and the
 * tender's `changes`, instead of a match (a notice standing beside the procedure's own, of another
 * buyer or portal, only as `awarded`: it cannot change or cancel theirs), and at most once per saved search and tender whatever
 * the content hash (`saved_search_matches_one_follow_up`; a saved search with any alert on the
 * tender already gets none). A change or modification whose `changes` list nothing a person sees
 * (`[]`) records nothing at all for the saved searches that follow it. Which saved searches
 * follow the procedure is one lookup of `saved_search_matches_procedure_idx`: every alert keeps
 * its tender's procedure (`procedure_id`, kept in step by a trigger when a remap moves a tender).
 *
 * How matching stays fast with many saved searches, and exact:
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
 * A hybrid saved search (docs/api.md#saved-searches) is found by the same lookup and matches
 * also when its text matches the tender (`textMatchesSql`), whatever its score: that is checked
 * first, and the compact pass only when it does not hold. It keeps its best chunk and score all the same.
 */
export async function recordTenderMatches(db: Db, input: RecordTenderMatchesInput): Promise<RecordedMatches> {
  const { rows } = await recordTenderMatchesSql(input).execute(db);
  const row = rows[0];
  const followUps = Number(row?.follow_ups ?? 0);
  return {
    matches: Number(row?.matches ?? 0),
    followUps,
    deliveries: Number(row?.deliveries ?? 0),
    ...(followUps > 0 && row?.follow_up_reason ? { followUpReason: row.follow_up_reason } : {}),
  };
}

/**
 * The best chunk of `tender_chunks` for the saved searches of `from` (with `id`, `embedding_model`,
 * `lexical`): the closest to the query vector; a saved search matched by its words (`lexical`)
 * keeps one even without a vector (its first chunk, score 0).
 */
const bestChunkSql = (from: string) => sql`
      SELECT ss.id AS saved_search_id, ss.webhook_url, b.chunk_id, b.content, b.attachment_id,
             CASE WHEN b.distance IS NULL OR b.distance = 'NaN'::float8 THEN 0::float8
                  ELSE LEAST(1::float8, GREATEST(-1::float8, 1 - b.distance)) END AS score,
             ss.min_score, ss.lexical
      FROM ${sql.table(from)} AS ss
      JOIN saved_searches AS full_query ON full_query.id = ss.id
      CROSS JOIN LATERAL (
        SELECT c.id AS chunk_id, c.content, c.attachment_id, c.embedding <=> full_query.query_embedding AS distance
        FROM tender_chunks AS c
        WHERE c.embedding_model = ss.embedding_model OR ss.lexical
        ORDER BY distance NULLS LAST, c.id
        LIMIT 1
      ) AS b
      -- A zero vector has no direction (NaN distance): it must not pass as a match by its score.
      WHERE b.distance <> 'NaN'::float8 OR ss.lexical`;

/** The statement of {@link recordTenderMatches}, for EXPLAIN too. */
export function recordTenderMatchesSql(input: RecordTenderMatchesInput) {
  return sql<{
    matches: string;
    follow_ups: string;
    deliveries: string;
    follow_up_reason: Exclude<AlertReason, "match"> | null;
  }>`
    WITH t AS MATERIALIZED (
      SELECT * FROM tenders WHERE id = ${input.tenderId} AND content_hash = ${input.contentHash}
    ), tender_chunks AS MATERIALIZED (
      SELECT c.id, c.content, c.attachment_id, c.embedding, c.embedding_half, c.embedding_model, c.lexemes
      FROM chunks AS c WHERE c.tender_id = (SELECT id FROM t)
    ), tender_keys AS MATERIALIZED (
      SELECT tender_filter_keys(t.id, t.cpv_prefixes, t.countries,
                                (SELECT code FROM sources WHERE id = t.source_id), t.currency) AS keys
      FROM t
    ), procedure_alerts AS MATERIALIZED (
      -- The follow-up lookup, the only one: every alert already recorded in the tender's procedure.
      SELECT pa.saved_search_id, pa.tender_id, pa.reason FROM saved_search_matches AS pa
      WHERE pa.procedure_id = (SELECT procedure_id FROM t) AND (SELECT ${FOLLOW_UP_REASON_SQL} FROM t) IS NOT NULL
    ), following AS MATERIALIZED (
      -- Saved searches that follow the procedure: they get a follow-up of this notice or nothing.
      SELECT DISTINCT pa.saved_search_id AS id FROM procedure_alerts AS pa WHERE pa.tender_id <> (SELECT id FROM t)
    ), follow_up AS MATERIALIZED (
      SELECT ${FOLLOW_UP_REASON_SQL} AS reason, t.procedure_id, t.changes FROM t
      WHERE ${FOLLOW_UP_REASON_SQL} IS NOT NULL AND t.procedure_id IS NOT NULL
        -- A notice standing beside the procedure's own (another buyer or portal) may only award.
        AND (NOT t.beside OR t.kind = 'result')
        AND (t.kind NOT IN ('change', 'modification') OR t.changes IS NULL
             OR jsonb_path_exists(t.changes, ${VISIBLE_CHANGE_PATH}))
    ), followers AS (
      SELECT ss.id, ss.webhook_url, ss.min_score, ss.embedding_model, false AS lexical
      FROM following AS f JOIN saved_searches AS ss ON ss.id = f.id
      WHERE EXISTS (SELECT 1 FROM follow_up) AND ss.query_embedding IS NOT NULL AND ${alertingSavedSearchSql("ss")}
        AND NOT EXISTS (
          SELECT 1 FROM procedure_alerts AS own WHERE own.saved_search_id = ss.id AND own.tender_id = (SELECT id FROM t))
    ), ${tenderTextSql()}, candidates AS (
      -- One pass over the saved searches the filter keys find, vector and hybrid alike: a hybrid
      -- one the text matches is in whatever its cosine, so it skips the compact pass (CASE: in
      -- this order); \`lexical\` is computed again only for the few that pass.
      SELECT ss.id, ss.webhook_url, ss.min_score, ss.embedding_model, ${textMatchesSql("ss")} AS lexical
      FROM t JOIN saved_searches AS ss
        ON ss.filter_keys && (SELECT keys FROM tender_keys)
        AND ${alertingSavedSearchSql("ss")} AND ${savedFilterSql(sql`ss.filters`, input.now)}
      WHERE CASE WHEN ${textMatchesSql("ss")} THEN true
                 ELSE ss.query_embedding IS NOT NULL AND (ss.query_half IS NULL OR (
                   SELECT bool_or(ch.embedding_half IS NULL)
                          OR max(-(ch.embedding_half <#> ss.query_half)) >= ss.min_score - ${COMPACT_PAIR_BOUND}::float8
                   FROM tender_chunks AS ch WHERE ch.embedding_model = ss.embedding_model)) END
        AND NOT EXISTS (SELECT 1 FROM following AS f WHERE f.id = ss.id)
        AND NOT EXISTS (
          SELECT 1 FROM procedure_alerts AS own
          WHERE own.saved_search_id = ss.id AND own.tender_id = t.id AND own.reason <> 'match')
        AND ${notExcludedBy("ss")}
    ), best AS (${bestChunkSql("candidates")}
    ), follower_best AS (${bestChunkSql("followers")}
    ), matched AS (
      INSERT INTO saved_search_matches
        (saved_search_id, tender_id, content_hash, score, snippet, attachment_id, attachment_filename, procedure_id)
      SELECT best.saved_search_id, ${input.tenderId}, ${input.contentHash}, best.score, best.content,
             best.attachment_id, a.filename, (SELECT procedure_id FROM t)
      FROM best LEFT JOIN attachments AS a ON a.id = best.attachment_id
      WHERE best.score >= best.min_score OR best.lexical
      ON CONFLICT (saved_search_id, tender_id, content_hash) DO NOTHING
      RETURNING id, saved_search_id
    ), followed_up AS (
      INSERT INTO saved_search_matches
        (saved_search_id, tender_id, content_hash, score, snippet, attachment_id, attachment_filename,
         reason, procedure_id, changes)
      SELECT fb.saved_search_id, ${input.tenderId}, ${input.contentHash}, fb.score, fb.content,
             fb.attachment_id, a.filename, fu.reason, fu.procedure_id, fu.changes
      FROM follower_best AS fb CROSS JOIN follow_up AS fu LEFT JOIN attachments AS a ON a.id = fb.attachment_id
      -- Replays, re-indexing and racing replicas meet here: one follow-up per saved search and tender.
      ON CONFLICT DO NOTHING
      RETURNING id, saved_search_id
    ), recorded AS (
      SELECT id, saved_search_id FROM matched UNION ALL SELECT id, saved_search_id FROM followed_up
    ), delivered AS (
      INSERT INTO webhook_deliveries (match_id)
      SELECT r.id FROM recorded AS r JOIN saved_searches AS ss ON ss.id = r.saved_search_id
      WHERE ss.webhook_url IS NOT NULL
      RETURNING id
    )
    SELECT (SELECT count(*) FROM recorded) AS matches, (SELECT count(*) FROM followed_up) AS follow_ups,
           (SELECT count(*) FROM delivered) AS deliveries, (SELECT reason FROM follow_up) AS follow_up_reason`;
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
