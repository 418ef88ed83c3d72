import { type Kysely, sql } from "kysely";

/**
 * Downloader bookkeeping: consecutive failed downloads of an attachment and the earliest time of
 * the next try. A re-crawl puts a `failed` attachment back to `pending` on every pass (docs/records.md#states);
 * the downloader leaves one that failed recently until `next_download_at`, so a document that is
 * gone for good is not fetched again on every pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE attachments
      ADD COLUMN download_failures integer NOT NULL DEFAULT 0
        CONSTRAINT attachments_download_failures_check CHECK (download_failures >= 0),
      ADD COLUMN next_download_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE attachments
      DROP COLUMN IF EXISTS next_download_at,
      DROP COLUMN IF EXISTS download_failures`.execute(db);
}
