import { CHANGE_DOCUMENT_LIMITS } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";

/**
 * A stored `changes` list (jsonb) as answers give it (docs/api.md#procedures): each document
 * list (`to` of `documents_added`, `from` of `documents_removed`) keeps its first names up to
 * `CHANGE_DOCUMENT_LIMITS` (count and characters) and gains `total`, how many it had; the other
 * changes as stored. Cut in the database, so a notice that added 500 long names never reaches
 * the gateway whole.
 */
export function cutChangesSql(changes: RawBuilder<unknown>): RawBuilder<unknown> {
  // jsonb_agg of no rows is null: an empty list ("nothing a person sees") stays empty.
  return sql`CASE WHEN ${changes} IS NULL THEN NULL ELSE coalesce((
    SELECT jsonb_agg(
      CASE WHEN side IS NULL OR jsonb_typeof(c -> side) <> 'array' THEN c
      ELSE jsonb_set(c, ARRAY[side], (
        SELECT coalesce(jsonb_agg(d ORDER BY o), '[]'::jsonb)
        FROM (
          SELECT d, o, sum(length(d #>> '{}')) OVER (ORDER BY o) AS chars
          FROM jsonb_array_elements(c -> side) WITH ORDINALITY AS x(d, o)
        ) AS listed
        WHERE o <= ${CHANGE_DOCUMENT_LIMITS.documents} AND chars <= ${CHANGE_DOCUMENT_LIMITS.characters}
      )) || jsonb_build_object('total', jsonb_array_length(c -> side))
      END ORDER BY i)
    FROM jsonb_array_elements(${changes}) WITH ORDINALITY AS e(c, i),
         LATERAL (SELECT CASE c ->> 'field' WHEN 'documents_added' THEN 'to'
                                            WHEN 'documents_removed' THEN 'from' END AS side) AS s
  ), '[]'::jsonb) END`;
}
