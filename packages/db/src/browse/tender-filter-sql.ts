import type { TenderFilters } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";

/**
 * The condition "tender `t` matches `filters`" (docs/api.md#filters) over `tenders AS t`:
 * filters AND together, the values of one list OR together. Every value is a bound parameter;
 * `buyer` is found with `strpos`, so `%`, `_` and `\` are plain characters. `now` is the clock
 * of `open: true`, passed in so one request judges every tender at the same instant.
 * Countries and CPV prefixes are array overlaps the GIN indexes answer (`cpv_prefixes` holds
 * every prefix of every code, so "starts with any listed prefix" is an exact overlap).
 */
export function tenderFilterSql(filters: TenderFilters | undefined, now: Date): RawBuilder<boolean> {
  const f = filters ?? {};
  const conditions: RawBuilder<unknown>[] = [];
  if (f.sources) {
    conditions.push(sql`t.source_id IN (SELECT id FROM sources WHERE code = ANY(${f.sources}::text[]))`);
  }
  if (f.countries) conditions.push(sql`t.countries && ${f.countries}::text[]`);
  if (f.cpv) conditions.push(sql`t.cpv_prefixes && ${f.cpv}::text[]`);
  if (f.buyer !== undefined) conditions.push(sql`strpos(lower(t.buyer_name), lower(${f.buyer})) > 0`);
  if (f.currency !== undefined) conditions.push(sql`t.currency = ${f.currency}`);
  if (f.amount_min !== undefined) conditions.push(sql`t.amount >= ${f.amount_min}::numeric`);
  if (f.amount_max !== undefined) conditions.push(sql`t.amount <= ${f.amount_max}::numeric`);
  if (f.published_from !== undefined)
    conditions.push(sql`t.published_at >= ${f.published_from}::timestamptz`);
  if (f.published_to !== undefined) conditions.push(sql`t.published_at < ${f.published_to}::timestamptz`);
  if (f.deadline_from !== undefined) conditions.push(sql`t.deadline >= ${f.deadline_from}::timestamptz`);
  if (f.deadline_to !== undefined) conditions.push(sql`t.deadline < ${f.deadline_to}::timestamptz`);
  if (f.open === true) conditions.push(sql`t.deadline > ${now.toISOString()}::timestamptz`);
  if (f.tender_ids) conditions.push(sql`t.id = ANY(${f.tender_ids}::uuid[])`);
  if (f.kinds) conditions.push(sql`t.kind = ANY(${f.kinds}::text[])`);
  if (f.current === true) conditions.push(sql`t.superseded_by IS NULL`);
  if (conditions.length === 0) return sql<boolean>`true`;
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

/** True when `filters` restricts anything (an empty object restricts nothing). */
export function hasTenderFilters(filters: TenderFilters | undefined): filters is TenderFilters {
  return (
    filters !== undefined && Object.values(filters).some((value) => value !== undefined && value !== false)
  );
}
