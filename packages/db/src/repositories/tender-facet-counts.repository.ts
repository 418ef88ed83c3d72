import type { FacetsResponse, TenderFilters } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { tenderFilterSql } from "./tender-filter-sql.js";

/** Most values listed per facet. */
export const MAX_FACET_VALUES = 50;

/**
 * Counts of the tenders matching `filters` (docs/api.md#facets): the total, and per source,
 * country, CPV division (first two digits; a tender counts once per division), currency and notice kind,
 * count descending then value, at most 50 values each. One statement, so the counts agree.
 */
export async function countTenderFacets(
  db: Db,
  filters: TenderFilters | undefined,
  now: Date,
): Promise<FacetsResponse> {
  const facet = (value: RawBuilder<unknown>, from: RawBuilder<unknown> = sql``) => sql`
    (SELECT coalesce(json_agg(json_build_object('value', value, 'count', count) ORDER BY count DESC, value), '[]'::json)
     FROM (
       SELECT ${value} AS value, count(*)::int AS count
       FROM matching AS t ${from}
       GROUP BY 1 HAVING ${value} IS NOT NULL
       ORDER BY count DESC, value LIMIT ${MAX_FACET_VALUES}
     ) AS counted)`;
  const result = await sql<FacetsResponse>`
    WITH matching AS MATERIALIZED (
      SELECT t.id, t.source_id, t.countries, t.cpv_codes, t.currency, t.kind
      FROM tenders AS t
      WHERE ${tenderFilterSql(filters, now)}
    )
    SELECT (SELECT count(*)::int FROM matching) AS total,
           ${facet(sql`s.code`, sql`JOIN sources AS s ON s.id = t.source_id`)} AS sources,
           ${facet(sql`c.country`, sql`CROSS JOIN LATERAL unnest(t.countries) AS c(country)`)} AS countries,
           ${facet(
             sql`d.division`,
             sql`CROSS JOIN LATERAL (SELECT DISTINCT left(code, 2) AS division FROM unnest(t.cpv_codes) AS code) AS d`,
           )} AS cpv_divisions,
           ${facet(sql`t.currency`)} AS currencies,
           ${facet(sql`t.kind`)} AS kinds`.execute(db);
  return result.rows[0] as FacetsResponse;
}
