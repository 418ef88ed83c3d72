import type { TenderFilters, TenderSort, TenderSummary } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { tenderFilterSql } from "./tender-filter-sql.js";
import { TENDER_SUMMARY_COLUMNS } from "./tender-summary-sql.js";

/** Where a page starts: after the tender with this sort key (its text form) and id. */
export interface TenderPosition {
  /** The sort key as `listTenders` returned it (`sort_key`); null for a null deadline or amount. */
  key: string | null;
  id: string;
}

export interface ListTendersInput {
  filters?: TenderFilters;
  sort: TenderSort;
  limit: number;
  after?: TenderPosition;
  now: Date;
}

/** A tender of a page, with its sort key in text form for the next cursor. */
export interface ListedTender extends TenderSummary {
  sort_key: string | null;
}

// Sort keys as exact text: timestamps to the microsecond in UTC, amounts as numeric text.
const KEYS: Record<
  TenderSort,
  { column: RawBuilder<unknown>; text: RawBuilder<string | null>; cast: string }
> = {
  published_desc: {
    column: sql`t.published_at`,
    text: sql`to_char(t.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: "timestamptz",
  },
  deadline_asc: {
    column: sql`t.deadline`,
    text: sql`to_char(t.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: "timestamptz",
  },
  amount_desc: { column: sql`t.amount`, text: sql`t.amount::text`, cast: "numeric" },
};

/**
 * One page of the tenders matching `filters` (docs/api.md#browsing), in keyset order: `published_desc`
 * (newest first), `deadline_asc` (soonest first, no deadline last) or `amount_desc` (largest
 * first, no amount last); ties in the key fall back to the id, in the key's direction. `after`
 * continues strictly behind a tender of the previous page, so a walk returns each tender that
 * keeps its key exactly once, whatever is inserted meanwhile.
 */
export async function listTenders(db: Db, input: ListTendersInput): Promise<ListedTender[]> {
  const key = KEYS[input.sort];
  const ascending = input.sort === "deadline_asc";
  const direction = sql.raw(ascending ? "ASC" : "DESC");
  const result = await sql<ListedTender>`
    SELECT ${TENDER_SUMMARY_COLUMNS}, ${key.text} AS sort_key
    FROM tenders AS t
    JOIN sources AS s ON s.id = t.source_id
    WHERE ${tenderFilterSql(input.filters, input.now)}
      AND ${input.after ? behind(key.column, key.cast, ascending, input.after) : sql`true`}
    ORDER BY ${key.column} ${direction} NULLS LAST, t.id ${direction}
    LIMIT ${input.limit}`.execute(db);
  return result.rows;
}

/** Rows after `position` in the order `key direction NULLS LAST, id direction`. */
function behind(
  column: RawBuilder<unknown>,
  cast: string,
  ascending: boolean,
  position: TenderPosition,
): RawBuilder<boolean> {
  const beyond = sql.raw(ascending ? ">" : "<");
  if (position.key === null) return sql<boolean>`(${column} IS NULL AND t.id ${beyond} ${position.id}::uuid)`;
  const key = sql`${position.key}::${sql.raw(cast)}`;
  return sql<boolean>`(
    ${column} ${beyond} ${key}
    OR (${column} = ${key} AND t.id ${beyond} ${position.id}::uuid)
    OR ${column} IS NULL)`;
}
