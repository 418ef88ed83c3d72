import { type RawBuilder, sql } from "kysely";

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
 * The CTE `tender_lexemes` of `recordTenderMatchesSql` (over its `tender_chunks`): what
 * {@link textMatchesSql} reads of the tender's chunks, computed once per statement.
 */
export function tenderTextSql(): RawBuilder<unknown> {
  return sql`tender_lexemes AS MATERIALIZED (
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
    )`;
}

/**
 * "hybrid saved search `alias` matches the tender's text as hybrid Search would find it"
 * (docs/api.md#saved-searches), over `t` and the CTE of {@link tenderTextSql}; everything of the
 * tender is read once (`SELECT … FROM t` or a CTE), not once per saved search. It is checked on
 * every hybrid saved search the filter keys find, which the vector pass reads anyway: looking
 * them up by `match_keys` first (the GIN index of migration 0038, an overlap with the tender's
 * ~300 keys) cost more than this check at 10,000 saved searches (docs/benchmarks.md, issue 34).
 */
export function textMatchesSql(alias: string): RawBuilder<boolean> {
  const ss = sql.ref(alias);
  // The cheap ways first: OR stops at the first that holds.
  return sql<boolean>`(${ss}.mode = 'hybrid'
      AND ((SELECT cpv_prefixes FROM t) && ${ss}.match_cpv
          OR (SELECT external_id FROM t) = ANY(${ss}.match_ids)
          OR (SELECT organisation_search_name(t.buyer_name) FROM t) = ${ss}.match_buyer
          OR (SELECT pr.procedure_key FROM t JOIN procedures AS pr ON pr.id = t.procedure_id) = ANY(${ss}.match_ids)
          OR (coalesce((SELECT lexemes FROM tender_lexemes) @@ ANY(${ss}.match_query), true)
              AND ${anyChunkMatches(sql`${ss}.match_query`)})))`;
}
