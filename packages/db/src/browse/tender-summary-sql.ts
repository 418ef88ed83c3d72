import { type RawBuilder, sql } from "kysely";

/**
 * The columns of a `TenderSummary` (docs/api.md#browsing) over `tenders AS t`, with `source` the
 * expression giving the source's code: timestamps as UTC ISO 8601 text with milliseconds, as
 * every answer writes them.
 */
export const tenderSummaryColumns = (source: RawBuilder<string>) => sql`
  t.id, ${source} AS source, t.external_id, t.title, t.buyer_name, t.amount, t.currency,
  to_char(t.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at,
  to_char(t.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS deadline,
  t.source_url, t.countries, t.cpv_codes, t.index_status, t.procedure_id, t.kind, t.superseded_by`;

/** {@link tenderSummaryColumns} over `tenders AS t JOIN sources AS s`. */
export const TENDER_SUMMARY_COLUMNS = tenderSummaryColumns(sql`s.code`);
