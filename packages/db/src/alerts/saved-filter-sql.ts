import { type RawBuilder, sql } from "kysely";

const texts = (filters: RawBuilder<unknown>, key: string) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${filters} -> ${sql.lit(key)}))`;
const text = (filters: RawBuilder<unknown>, key: string) => sql`(${filters} ->> ${sql.lit(key)})`;

/**
 * The condition "tender `t` matches the stored filters `filters`" (a jsonb expression holding a
 * validated `TenderFilters`, such as `ss.filters`), over `tenders AS t`: the same rules as
 * `tenderFilterSql`, read from the column instead of bound parameters, so one statement can judge
 * a tender against every saved search at once. A key that is absent restricts nothing; `now` is
 * the clock of `open: true`.
 */
export function savedFilterSql(filters: RawBuilder<unknown>, now: Date): RawBuilder<boolean> {
  const has = (key: string) => sql`(${filters} ? ${sql.lit(key)})`;
  const unless = (key: string, condition: RawBuilder<unknown>) => sql`(NOT ${has(key)} OR ${condition})`;
  return sql<boolean>`(${sql.join(
    [
      unless(
        "sources",
        sql`t.source_id IN (SELECT id FROM sources WHERE code = ANY(${texts(filters, "sources")}))`,
      ),
      unless("countries", sql`t.countries && ${texts(filters, "countries")}`),
      unless("cpv", sql`t.cpv_prefixes && ${texts(filters, "cpv")}`),
      unless("buyer", sql`strpos(lower(t.buyer_name), lower(${text(filters, "buyer")})) > 0`),
      unless("currency", sql`t.currency = ${text(filters, "currency")}`),
      unless("amount_min", sql`t.amount >= ${text(filters, "amount_min")}::numeric`),
      unless("amount_max", sql`t.amount <= ${text(filters, "amount_max")}::numeric`),
      unless("published_from", sql`t.published_at >= ${text(filters, "published_from")}::timestamptz`),
      unless("published_to", sql`t.published_at < ${text(filters, "published_to")}::timestamptz`),
      unless("deadline_from", sql`t.deadline >= ${text(filters, "deadline_from")}::timestamptz`),
      unless("deadline_to", sql`t.deadline < ${text(filters, "deadline_to")}::timestamptz`),
      sql`(${filters} -> 'open' IS DISTINCT FROM 'true'::jsonb OR t.deadline > ${now.toISOString()}::timestamptz)`,
      unless("tender_ids", sql`t.id = ANY(${texts(filters, "tender_ids")}::uuid[])`),
      unless("kinds", sql`t.kind = ANY(${texts(filters, "kinds")})`),
      sql`(${filters} -> 'current' IS DISTINCT FROM 'true'::jsonb OR t.superseded_by IS NULL)`,
    ],
    sql` AND `,
  )})`;
}
