import { type RawBuilder, sql } from "kysely";
import { weightedTermsSql } from "../search/weighted-terms-sql.js";

/**
 * Chunks estimated to hold the rarer title words that bring word neighbours in: each is scored,
 * so fewer than hybrid Search's (a page of similar contracts has 100 ms, not a Search's budget).
 */
const WORD_CANDIDATE_BUDGET = 2_000;

/**
 * The CTEs of the words similar contracts are compared by (`w`: each word's rarity, as hybrid
 * Search weighs them; `wt`: their total, null without any word). With no words, none.
 */
export function similarWordsCtes(words: string | null): RawBuilder<unknown> {
  return sql`w AS MATERIALIZED (${weightedTermsSql(words ?? "", WORD_CANDIDATE_BUDGET)}),
    wt AS (SELECT nullif(sum(idf), 0) AS total FROM w)`;
}

/**
 * How much of the words' weight chunk `c` holds (0..1), the words as its own configuration reads
 * them (a chunk holds one reading of each word, never the 16); null without words.
 */
const heldShareSql = sql`(SELECT sum(w.idf) FILTER (WHERE c.lexemes @@ w.q) / nullif(sum(w.idf), 0)
                          FROM w WHERE c.lexical_config = ANY(w.configs))`;

/**
 * The share of the words' weight the closest metadata chunk of notice `t` holds (0..1), null
 * without words: a notice holding every rare word of the tender's title scores 1.
 */
export function wordShareSql(model: string): RawBuilder<number | null> {
  return sql`(SELECT CASE WHEN (SELECT total FROM wt) IS NULL THEN NULL ELSE coalesce(max(${heldShareSql}), 0) END
              FROM chunks AS c
              WHERE c.tender_id = t.id AND c.attachment_id IS NULL AND c.embedding_model = ${model})`;
}

/**
 * The `limit` eligible notices whose metadata chunks hold most of the words' weight (a candidate
 * part): through the full-text index, on the rarest words (`opens`) only.
 */
export function wordNeighboursSql(
  model: string,
  eligible: RawBuilder<boolean>,
  limit: number,
): RawBuilder<unknown> {
  return sql`SELECT n.id FROM (
      SELECT t.id FROM chunks AS c JOIN tenders AS t ON t.id = c.tender_id
      WHERE c.attachment_id IS NULL AND c.embedding_model = ${model} AND ${eligible}
        AND c.lexemes @@ (SELECT string_agg(q::text, ' | ')::tsquery FROM w WHERE opens)
      ORDER BY coalesce(${heldShareSql}, 0) DESC, t.id
      LIMIT ${limit}) AS n`;
}

/**
 * The text score: the cosine of the closest metadata chunks and the words' share, the words
 * counting twice (docs/api.md#similar-contracts); either alone when the other is unknown.
 */
export function textScoreSql(
  distance: RawBuilder<unknown>,
  share: RawBuilder<unknown>,
): RawBuilder<number | null> {
  return sql`CASE WHEN ${share} IS NULL THEN 1 - ${distance}
                  WHEN ${distance} IS NULL THEN ${share}
                  ELSE (1 - ${distance} + 2 * ${share}) / 3 END`;
}
