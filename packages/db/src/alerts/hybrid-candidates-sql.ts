import { type RawBuilder, sql } from "kysely";
import { alertingSavedSearchSql } from "./alerting-saved-search-sql.js";
import { savedFilterSql } from "./saved-filter-sql.js";

/**
 * "a chunk of `tender_chunks` matches one of `readings`" (a `tsquery[]`; false when NULL). The
 * chunks' lexemes are one array, built once per statement, and each reading is tried against it in
 * one `@@ ANY`: a join over the chunks per saved search cost 85 µs, this 10 (3,300 saved searches
 * against 20 chunks).
 */
function anyChunkMatches(readings: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM unnest(${readings}) AS r
    WHERE r @@ ANY(ARRAY(SELECT ch.lexemes FROM tender_chunks AS ch)))`;
}

/** "no chunk of the tender holds a term saved search `alias` excludes" (true for a vector one). */
export function notExcludedBy(alias: string): RawBuilder<boolean> {
  const ss = sql.ref(alias);
  return sql<boolean>`(${ss}.match_excluded IS NULL OR NOT ${anyChunkMatches(sql`${ss}.match_excluded`)})`;
}

/**
 * The CTEs `tender_match_keys`, `tender_lexemes` and `hybrid_candidates` of `recordTenderMatchesSql` (over its `t`,
 * `tender_chunks`, `tender_keys`, `following` and `procedure_alerts`): the hybrid saved searches the tender's
 * text matches as hybrid Search would find it (docs/api.md#saved-searches), whatever the cosine.
 * They are found through the GIN index of `match_keys` (migration 0038): every way to match
 * shares a key with the tender (a word of a chunk, a CPV prefix, an identifier, the folded
 * buyer), so none is left out; the exact condition is checked on each one found.
 */
export function hybridCandidatesSql(now: Date): RawBuilder<unknown> {
  return sql`tender_match_keys AS MATERIALIZED (
      SELECT ARRAY(
        SELECT DISTINCT 'w:' || w.lexeme FROM tender_chunks AS ch, unnest(tsvector_to_array(ch.lexemes)) AS w(lexeme)
        UNION SELECT 'c:' || p FROM t, unnest(t.cpv_prefixes) AS p
        UNION SELECT 'i:' || t.external_id FROM t
        UNION SELECT 'i:' || pr.procedure_key FROM t JOIN procedures AS pr ON pr.id = t.procedure_id
        UNION SELECT 'b:' || organisation_search_name(t.buyer_name) FROM t) AS keys
    ), tender_lexemes AS MATERIALIZED (
      -- The chunks as one text (each chunk's positions shifted past the previous ones'): a query
      -- one chunk matches matches it too (the readings have no negation), so only the saved
      -- searches it matches have their chunks checked one by one. NULL, and no such check first,
      -- when positions would be clamped (past 16,383) or dropped (past 256 of a word).
      SELECT CASE
        WHEN (SELECT sum(m) FROM (SELECT max(p) AS m FROM tender_chunks AS ch, unnest(ch.lexemes) AS u,
                                    unnest(u.positions) AS p GROUP BY ch.id) AS last_positions) < 16383
         AND (SELECT max(n) FROM (SELECT sum(cardinality(u.positions)) AS n FROM tender_chunks AS ch,
                                    unnest(ch.lexemes) AS u GROUP BY u.lexeme) AS counts) <= 256
        THEN (SELECT tsvector_concat_agg(ch.lexemes ORDER BY ch.id) FROM tender_chunks AS ch)
      END AS lexemes
    ), hybrid_candidates AS (
      SELECT ss.id, ss.webhook_url, ss.min_score, ss.embedding_model
      FROM t JOIN saved_searches AS ss
        ON ss.mode = 'hybrid' AND ss.match_keys && (SELECT keys FROM tender_match_keys)
        -- Implied by the filters (recordTenderMatches, step 1), and cheap to check before them.
        AND ss.filter_keys && (SELECT keys FROM tender_keys)
        AND ${alertingSavedSearchSql("ss")} AND ${savedFilterSql(sql`ss.filters`, now)}
      -- The cheap ways first: OR stops at the first that holds. The folded buyer and the
      -- procedure key are the tender's, read once (SELECT … FROM t), not once per saved search.
      WHERE (t.cpv_prefixes && ss.match_cpv
          OR t.external_id = ANY(ss.match_ids)
          OR (SELECT organisation_search_name(t.buyer_name) FROM t) = ss.match_buyer
          OR (SELECT pr.procedure_key FROM t JOIN procedures AS pr ON pr.id = t.procedure_id) = ANY(ss.match_ids)
          OR (coalesce((SELECT lexemes FROM tender_lexemes) @@ ANY(ss.match_query), true)
              AND ${anyChunkMatches(sql`ss.match_query`)}))
        AND ${notExcludedBy("ss")}
        AND NOT EXISTS (SELECT 1 FROM following AS f WHERE f.id = ss.id)
        AND NOT EXISTS (
          SELECT 1 FROM procedure_alerts AS own
          WHERE own.saved_search_id = ss.id AND own.tender_id = t.id AND own.reason <> 'match')`;
}
