import { type Kysely, sql } from "kysely";

/**
 * Downloader sweeper bookkeeping: per-tender backoff for re-announcing tenders whose `pending`
 * attachments were left alone (their event was dead-lettered or lost), kept apart from the
 * indexer's `index_attempts`/`next_index_at`, which a successful index run clears. A partial index
 * finds the pending attachments by age without reading the settled ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE tenders
      ADD COLUMN download_sweep_attempts integer NOT NULL DEFAULT 0
        CONSTRAINT tenders_download_sweep_attempts_check CHECK (download_sweep_attempts >= 0),
      ADD COLUMN next_download_sweep_at timestamptz`.execute(db);
  await sql`
    CREATE INDEX attachments_pending_updated_at_idx ON attachments (updated_at)
      WHERE download_status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS attachments_pending_updated_at_idx`.execute(db);
  await sql`
    ALTER TABLE tenders
      DROP COLUMN IF EXISTS next_download_sweep_at,
      DROP COLUMN IF EXISTS download_sweep_attempts`.execute(db);
}
