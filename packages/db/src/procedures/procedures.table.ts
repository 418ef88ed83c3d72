import type { ColumnType, Generated, Selectable } from "kysely";

/** A procedure: the notices of one source sharing a procedure key (0022, docs/records.md#procedures). */
export interface ProceduresTable {
  id: Generated<string>;
  source_id: string;
  procedure_key: string;
  created_at: Generated<Date>;
  /** The procedure it has joined (0028): its notices stand there. Null: it stands on its own. */
  linked_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A key the other UK portal may name a procedure's notice by (0028). */
export interface ProcedureNoticeKeysTable {
  notice_key: string;
  procedure_id: string;
}
export type ProcedureRow = Selectable<ProceduresTable>;
