import type { AlertReason, NoticeChange } from "@tender/contracts";
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

export interface SavedSearchMatchesTable {
  /** The `alert_id` clients see. */
  id: Generated<string>;
  saved_search_id: string;
  tender_id: string;
  content_hash: string;
  score: number;
  snippet: string;
  attachment_id: string | null;
  attachment_filename: string | null;
  matched_at: Generated<Date>;
  /** `match`, or the follow-up's reason (docs/events.md#follow-ups). */
  reason: ColumnType<AlertReason, AlertReason | undefined, AlertReason>;
  /** The tender's procedure (kept equal to `tenders.procedure_id` by a trigger). */
  procedure_id: string | null;
  /** A follow-up's changes as the tender had them when it was recorded; null for a match. */
  changes: ColumnType<NoticeChange[] | null, string | null, string | null>;
}
export type SavedSearchMatchRow = Selectable<SavedSearchMatchesTable>;
export type NewSavedSearchMatchRow = Insertable<SavedSearchMatchesTable>;
