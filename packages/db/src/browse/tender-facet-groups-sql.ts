import type { TenderFilters } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";

/** Filters a group of `tender_facet_groups` can answer: every tender of the group matches or none does. */
const GROUP_FILTERS = new Set<string>(["sources", "countries", "cpv", "currency", "kinds"]);

/**
 * The condition "the tenders of group `g` match `filters`" over `tender_facet_groups AS g`, or
 * undefined when a filter does not follow the groups (a buyer, an amount, a date, `open`,
 * `current`, ids, or a CPV prefix longer than a division): then only the tenders themselves can say.
 */
export function tenderFacetGroupFilterSql(
  filters: TenderFilters | undefined,
): RawBuilder<boolean> | undefined {
  const f = filters ?? {};
  for (const [name, value] of Object.entries(f)) {
    if (value !== undefined && value !== false && !GROUP_FILTERS.has(name)) return undefined;
  }
  if (f.cpv?.some((prefix) => prefix.length !== 2)) return undefined;
  const conditions: RawBuilder<unknown>[] = [sql`g.tenders > 0`];
  if (f.sources) {
    conditions.push(sql`g.source_id IN (SELECT id FROM sources WHERE code = ANY(${f.sources}::text[]))`);
  }
  if (f.countries) conditions.push(sql`g.countries && ${f.countries}::text[]`);
  // A tender has a code starting with a two-digit prefix exactly when that prefix is one of its divisions.
  if (f.cpv) conditions.push(sql`g.cpv_divisions && ${f.cpv}::text[]`);
  if (f.currency !== undefined) conditions.push(sql`g.currency = ${f.currency}`);
  if (f.kinds) conditions.push(sql`g.kind = ANY(${f.kinds}::text[])`);
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}
