import type { Generated, Insertable, Selectable } from "kysely";

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
}
export type SavedSearchMatchRow = Selectable<SavedSearchMatchesTable>;
export type NewSavedSearchMatchRow = Insertable<SavedSearchMatchesTable>;
