import type { Generated, Selectable } from "kysely";

/** A procedure: the notices of one source sharing a procedure key (0022, docs/records.md#procedures). */
export interface ProceduresTable {
  id: Generated<string>;
  source_id: string;
  procedure_key: string;
  created_at: Generated<Date>;
}
export type ProcedureRow = Selectable<ProceduresTable>;
