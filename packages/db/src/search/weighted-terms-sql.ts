import { type RawBuilder, sql } from "kysely";
import { LEXICAL_CONFIGS } from "./lexical-config.js";

/** One lexeme of a text, as {@link weightedTermsSql} reads it. */
export interface WeightedTerm {
  lexeme: string;
  /** The configurations that read a word of the text as this lexeme. */
  configs: string[];
  /** BM25's inverse document frequency. */
  idf: number;
  /** The lexeme as a tsquery. */
  q: string;
  /** It may bring chunks into a list (one of the rarest, within the candidate budget). */
  opens: boolean;
}

/**
 * Hybrid Search's default `budget`: chunks estimated to hold the words that may bring a chunk
 * into a list, the rarest words first, while they stay within this many; the commoner words still
 * count in the score of the chunks found. When even the rarest word is commoner, none opens (the
 * caller decides what comes in).
 */
export const SEARCH_CANDIDATE_BUDGET = 20_000;

/**
 * The words of `plain` (a query's words, a tender's title) as every configuration a chunk may be
 * indexed with reads them: one row per distinct lexeme with the configurations reading it so, its rarity (BM25's idf from
 * `ANALYZE`'s statistics of `chunks.lexemes`: a lexeme the statistics do not list is rarer than
 * every one they do; with no statistics every word weighs the same), its tsquery, and whether
 * it may bring chunks into a list (the rarest, within `budget` chunks).
 */
export function weightedTermsSql(plain: string, budget = SEARCH_CANDIDATE_BUDGET): RawBuilder<WeightedTerm> {
  // Hybrid Search's words list and similar contracts' text both rank by these weights.
  return sql`
    WITH terms AS (
      SELECT w.lexeme, array_agg(DISTINCT cfg.config) AS configs
      FROM unnest(${LEXICAL_CONFIGS}::regconfig[]) AS cfg(config)
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(cfg.config, ${plain}::text))) AS w(lexeme)
      GROUP BY w.lexeme
    ), stats AS (
      SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs,
             greatest(c.reltuples, 0) AS rows
      FROM pg_stats AS s JOIN pg_class AS c ON c.oid = 'chunks'::regclass
      WHERE s.schemaname = current_schema() AND s.tablename = 'chunks' AND s.attname = 'lexemes'
    ), freq AS (
      SELECT terms.lexeme, terms.configs,
             coalesce(stats.freqs[array_position(stats.elems, terms.lexeme)],
                      -- After the elements' frequencies come their minimum, maximum and null share.
                      stats.freqs[array_length(stats.elems, 1) + 1] / 2, 0.01) AS f,
             coalesce((SELECT rows FROM stats), 0) AS rows
      FROM terms LEFT JOIN stats ON true
    )
    SELECT lexeme, configs, ln(1 + (1 - least(f, 0.99)) / greatest(f, 1e-9)) AS idf,
           -- A lexeme as a tsquery: quoted, its quotes and backslashes doubled.
           ('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery AS q,
           rows = 0 OR sum(f * rows) OVER (ORDER BY f, lexeme) <= ${budget}::float8 AS opens
    FROM freq`;
}
