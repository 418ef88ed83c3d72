import type { ParsedQuery } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import { LEXICAL_CONFIGS } from "./lexical-config.js";
import type { ListScope } from "./lexical-lists.js";

/** A chunk of the words list, with what the CPV class list reads of its tender. */
export interface WordChunk {
  id: string;
  tender_id: string;
  cpv_codes: string[];
}

/**
 * Chunks estimated to hold the words that may bring a chunk into the list: the rarest words
 * first, while they stay within this many; the commoner words still count in the score of the
 * chunks found. When even the rarest word is commoner, only chunks holding every word come in.
 */
const CANDIDATE_BUDGET = 20_000;
/** The usual BM25 constants (term saturation and length normalisation), not tuned here. */
const K1 = 1.2;
const B = 0.75;

/**
 * The query's words (the first terms of its groups; exclusions apart) as every configuration a chunk
 * may be indexed with reads them: one row per distinct lexeme with its rarity (BM25's idf from
 * `ANALYZE`'s statistics of `chunks.lexemes`: a lexeme the statistics do not list is rarer than
 * every one they do; with no statistics every word weighs the same), its tsquery, and whether
 * it may bring chunks into the list (the rarest, within CANDIDATE_BUDGET).
 */
function weightedTermsSql(plain: string) {
  return sql`
    WITH terms AS (
      SELECT DISTINCT w.lexeme
      FROM unnest(${LEXICAL_CONFIGS}::regconfig[]) AS cfg(config)
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(cfg.config, ${plain}::text))) AS w(lexeme)
    ), stats AS (
      SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs,
             greatest(c.reltuples, 0) AS rows
      FROM pg_stats AS s JOIN pg_class AS c ON c.oid = 'chunks'::regclass
      WHERE s.schemaname = current_schema() AND s.tablename = 'chunks' AND s.attname = 'lexemes'
    ), freq AS (
      SELECT terms.lexeme,
             coalesce(stats.freqs[array_position(stats.elems, terms.lexeme)],
                      -- After the elements' frequencies come their minimum, maximum and null share.
                      stats.freqs[array_length(stats.elems, 1) + 1] / 2, 0.01) AS f,
             coalesce((SELECT rows FROM stats), 0) AS rows
      FROM terms LEFT JOIN stats ON true
    )
    SELECT lexeme, ln(1 + (1 - least(f, 0.99)) / greatest(f, 1e-9)) AS idf,
           -- A lexeme as a tsquery: quoted, its quotes and backslashes doubled.
           ('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery AS q,
           rows = 0 OR sum(f * rows) OVER (ORDER BY f, lexeme) <= ${CANDIDATE_BUDGET}::float8 AS opens
    FROM freq`;
}

/**
 * The words list of a hybrid search (docs/api.md#hybrid-search): the chunks holding every word
 * and phrase of the query first, then (a query without a phrase) the chunks holding some of its
 * words; each part ordered by BM25 over the words held (rarer words weigh more, a long chunk
 * less), chunk id breaking ties.
 */
export async function wordChunks(db: Db, parsed: ParsedQuery, scope: ListScope): Promise<WordChunk[]> {
  const { positive, excluded } = scope.conditions;
  if (!positive) return [];
  const hasPhrase = parsed.groups.some((group) => group.some((term) => term.kind === "phrase"));
  const plain = parsed.groups
    .flat()
    .map((term) => term.text)
    .join(" ");
  const { rows } = await sql<WordChunk>`
    WITH w AS MATERIALIZED (${weightedTermsSql(plain)}),
    found AS (
      SELECT c.id, c.tender_id, t.cpv_codes, c.lexemes @@ ${positive} AS every,
             (SELECT sum(w.idf) FROM w WHERE c.lexemes @@ w.q) AS held, length(c.lexemes) AS len
      FROM chunks AS c JOIN tenders AS t ON t.id = c.tender_id
      -- One tsquery with the exclusions (P & !E): the index drops an excluded chunk unread.
      WHERE c.lexemes @@ (${
        hasPhrase
          ? positive
          : sql`coalesce((SELECT string_agg(q::text, ' | ')::tsquery FROM w WHERE opens), ${positive})`
      }${excluded ? sql` && !!${excluded}` : sql``})
        AND c.embedding_model = ${scope.model} AND ${scope.tenders}
    )
    SELECT id, tender_id, cpv_codes FROM found
    ORDER BY every DESC,
             coalesce(held, 0) * ${K1 + 1}::float8
               / (1 + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * len / greatest(avg(len) OVER (), 1))) DESC,
             id
    LIMIT ${scope.depth}`.execute(db);
  return rows;
}
