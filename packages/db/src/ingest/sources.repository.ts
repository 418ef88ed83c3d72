import { sql } from "kysely";
import type { Db } from "../database.js";
import type { SourceRow } from "./sources.table.js";

/**
 * Returns the source with this code, creating it when missing. Safe under concurrency: parallel
 * callers for one code all get the same row (the no-op update makes `RETURNING` yield the existing row).
 */
export async function ensureSource(db: Db, code: string): Promise<SourceRow> {
  return db
    .insertInto("sources")
    .values({ code })
    .onConflict((oc) =>
      oc.constraint("sources_code_key").doUpdateSet({ code: (eb) => eb.ref("excluded.code") }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The source with this code, or undefined. */
export async function findSourceByCode(db: Db, code: string): Promise<SourceRow | undefined> {
  return db.selectFrom("sources").selectAll().where("code", "=", code).executeTakeFirst();
}

/**
 * Stores the opaque pagination cursor (exactly as given) and the time of the last committed batch.
 * Throws when the source does not exist.
 */
export async function saveSourceCursor(
  db: Db,
  sourceId: string,
  cursor: string | null,
  syncedAt: Date,
): Promise<void> {
  const result = await db
    .updateTable("sources")
    .set({ cursor, last_sync_at: syncedAt, updated_at: sql<Date>`now()` })
    .where("id", "=", sourceId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new Error(`source ${sourceId} does not exist`);
}

/** Every source, ordered by code. */
export async function listSources(db: Db): Promise<SourceRow[]> {
  return db.selectFrom("sources").selectAll().orderBy("code").execute();
}

/**
 * Stores the adapter's state of the pass in progress, any JSON value (`null` clears it). Throws
 * when the source does not exist or the state is not JSON. Meant for the transaction that saves
 * the cursor.
 */
export async function saveSourceAdapterState(db: Db, sourceId: string, state: unknown): Promise<void> {
  const json = state === null ? null : JSON.stringify(state);
  if (json === undefined) throw new TypeError("adapter state must be a JSON value");
  const result = await db
    .updateTable("sources")
    .set({ adapter_state: json })
    .where("id", "=", sourceId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new Error(`source ${sourceId} does not exist`);
}
