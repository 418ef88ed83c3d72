import { type Kysely, sql } from "kysely";

/**
 * Indexer bookkeeping: per-tender backoff for the sweeper's re-announcements, an index to find
 * chunks of another embedding model without reading the (large) chunk rows, and the reasons why
 * an attachment (or an entry inside an archive) gave no text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE tenders
      ADD COLUMN index_attempts integer NOT NULL DEFAULT 0 CONSTRAINT tenders_index_attempts_check
        CHECK (index_attempts >= 0),
      ADD COLUMN next_index_at timestamptz`.execute(db);
  await sql`CREATE INDEX chunks_embedding_model_idx ON chunks (embedding_model, tender_id)`.execute(db);

  await sql`
    CREATE TABLE extraction_failures (
      id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tender_id         uuid NOT NULL,
      attachment_id     uuid NOT NULL,
      -- Path inside an archive (e.g. "docs/spec.docx"); empty for the attachment itself.
      entry             text NOT NULL DEFAULT '',
      reason            text NOT NULL CONSTRAINT extraction_failures_reason_format
                          CHECK (reason ~ '^[a-z][a-z_]{0,39}$'),
      detail            text NOT NULL,
      attachment_sha256 char(64) CHECK (attachment_sha256 ~ '^[0-9a-f]{64}$'),
      recorded_at       timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT extraction_failures_attachment_fkey FOREIGN KEY (tender_id, attachment_id)
        REFERENCES attachments (tender_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX extraction_failures_tender_id_idx ON extraction_failures (tender_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS extraction_failures`.execute(db);
  await sql`DROP INDEX IF EXISTS chunks_embedding_model_idx`.execute(db);
  await sql`ALTER TABLE tenders DROP COLUMN IF EXISTS next_index_at, DROP COLUMN IF EXISTS index_attempts`.execute(
    db,
  );
}
