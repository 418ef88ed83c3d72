import type { Db } from "../database.js";
import type { QuarantinedRecordRow } from "./quarantined-records.table.js";
import { toQuarantinePayload } from "./to-quarantine-payload.js";

export interface QuarantineRecordInput {
  /** Source code, e.g. `ted`. */
  source: string;
  externalId: string | null;
  /** Why the record was rejected; concrete, e.g. the failing field and rule. */
  reason: string;
  /** The record as received; any JSON value (undefined is kept as JSON null). */
  rawPayload: unknown;
}

/** Keeps a source record that failed mapping or validation, with the reason, for later inspection. */
export async function quarantineRecord(db: Db, input: QuarantineRecordInput): Promise<QuarantinedRecordRow> {
  return db
    .insertInto("quarantined_records")
    .values({
      source: input.source,
      external_id: input.externalId,
      reason: input.reason,
      raw_payload: toQuarantinePayload(input.rawPayload),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Up to `limit` quarantined records, of one source or all, newest first. */
export async function listQuarantinedRecords(
  db: Db,
  options: { source?: string; limit: number },
): Promise<QuarantinedRecordRow[]> {
  let query = db
    .selectFrom("quarantined_records")
    .selectAll()
    .orderBy("quarantined_at", "desc")
    .orderBy("id")
    .limit(options.limit);
  if (options.source !== undefined) query = query.where("source", "=", options.source);
  return query.execute();
}
