import type { ParsedQuery } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import type { ListScope } from "./lexical-lists.js";
import { weightedTermsSql } from "./weighted-terms-sql.js";

/** The usual BM25 constants (term saturation and length normalisation), not tuned here. */
const K1 = 1.2;
const B = 0.75;

/** A chunk of the words list, with what the CPV class list reads of its tender. */
export interface WordChunk {
  id: string;
  tender_id: string;
  cpv_codes: string[];
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
