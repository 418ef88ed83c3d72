import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/** One row per external source (`ted`, `contracts_finder`). */
export interface SourcesTable {
  id: Generated<string>;
  code: string;
  /** Opaque pagination position, stored and sent back exactly as the source API gave it. */
  cursor: string | null;
  last_sync_at: Date | null;
  /**
   * Where the pass in progress reads from (e.g. TED's publication-date bound), as its adapter
   * chose it; cleared with the cursor at the end of the data (0005).
   */
  pass_window_start: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type SourceRow = Selectable<SourcesTable>;
export type NewSourceRow = Insertable<SourcesTable>;
export type SourceUpdate = Updateable<SourcesTable>;
