import type { FacetCountsRow, TenderFilters } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { tenderFacetGroupFilterSql } from "./tender-facet-groups-sql.js";
import { tenderFilterSql } from "./tender-filter-sql.js";

/** Most values listed per facet. */
export const MAX_FACET_VALUES = 50;

/**
 * Counts of the tenders matching `filters` (docs/api.md#facets): the total, and per source,
 * country, CPV division (first two digits; a tender counts once per division), currency and notice kind,
 * count descending then value, at most 50 values each. One statement, so the counts agree.
 *
 * With no filter, or filters on source, country, CPV division, currency and kind only, the counts
 * add up `tender_facet_groups` (migrations 0020 and 0022: a few thousand groups instead of every
 * tender); any other filter (`current` too) counts the matching tenders themselves. Both give the
 * same exact counts.
 */
export async function countTenderFacets(
  db: Db,
  filters: TenderFilters | undefined,
  now: Date,
): Promise<FacetCountsRow> {
  const groups = tenderFacetGroupFilterSql(filters);
  const matching = groups
    ? sql`SELECT g.source_id, g.countries, g.cpv_divisions, g.currency, g.kind, g.tenders
          FROM tender_facet_groups AS g WHERE ${groups}`
    : sql`SELECT t.source_id, t.countries, tender_cpv_divisions(t.cpv_codes) AS cpv_divisions, t.currency,
                 t.kind, 1 AS tenders
          FROM tenders AS t WHERE ${tenderFilterSql(filters, now)}`;
  const facet = (value: RawBuilder<unknown>, from: RawBuilder<unknown> = sql``) => sql`
    (SELECT coalesce(json_agg(json_build_object('value', value, 'count', count) ORDER BY count DESC, value), '[]'::json)
     FROM (
       SELECT ${value} AS value, sum(m.tenders)::int AS count
       FROM matching AS m ${from}
       GROUP BY 1 HAVING ${value} IS NOT NULL
       ORDER BY count DESC, value LIMIT ${MAX_FACET_VALUES}
     ) AS counted)`;
  const result = await sql<FacetCountsRow>`
    WITH matching AS MATERIALIZED (${matching})
    SELECT (SELECT coalesce(sum(tenders), 0)::int FROM matching) AS total,
           ${facet(sql`s.code`, sql`JOIN sources AS s ON s.id = m.source_id`)} AS sources,
           ${facet(sql`c.country`, sql`CROSS JOIN LATERAL unnest(m.countries) AS c(country)`)} AS countries,
           ${facet(sql`d.division`, sql`CROSS JOIN LATERAL unnest(m.cpv_divisions) AS d(division)`)} AS cpv_divisions,
           ${facet(sql`m.currency`)} AS currencies,
           ${facet(sql`m.kind`)} AS kinds`.execute(db);
  return result.rows[0] as FacetCountsRow;
}
