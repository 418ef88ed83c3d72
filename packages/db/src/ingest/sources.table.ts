import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** One row per external source (`ted`, `contracts_finder`). */
export interface SourcesTable {
  id: Generated<string>;
  code: string;
  /** Opaque pagination position, stored and sent back exactly as the source API gave it. */
  cursor: string | null;
  last_sync_at: Date | null;
  /**
   * The source adapter's own state of the pass in progress (e.g. TED's publication-date window),
   * opaque JSON only that adapter reads; written as JSON text, cleared with the cursor at the end
   * of the data (0008).
   */
  adapter_state: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type SourceRow = Selectable<SourcesTable>;
export type NewSourceRow = Insertable<SourcesTable>;
export type SourceUpdate = Updateable<SourcesTable>;
