import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** Source records that failed mapping or validation, kept with the reason and raw payload. */
export interface QuarantinedRecordsTable {
  id: Generated<string>;
  source: string;
  external_id: string | null;
  reason: string;
  raw_payload: ColumnType<unknown, string, string>;
  quarantined_at: Generated<Date>;
}
export type QuarantinedRecordRow = Selectable<QuarantinedRecordsTable>;
export type NewQuarantinedRecordRow = Insertable<QuarantinedRecordsTable>;
