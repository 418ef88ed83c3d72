import { type Kysely, sql } from "kysely";

/**
 * The window start of the sync pass in progress, kept until the pass reaches the end of the data:
 * a pass restarted after its stored cursor was refused reads the same window again instead of one
 * computed from the newer `last_sync_at`, so the part of a catch-up not yet reached is not skipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sources ADD COLUMN pass_window_start timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sources DROP COLUMN IF EXISTS pass_window_start`.execute(db);
}
