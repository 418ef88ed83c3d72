import { type Kysely, sql } from "kysely";

/**
 * An attachment URL may be 4,096 characters long (docs/records.md#limits), more than a btree
 * entry holds (2,704 bytes): the `(tender_id, source_url)` unique key would refuse such a row.
 * The key becomes a unique index on the URL's MD5 digest, which always fits; the conflict target
 * of the attachment upsert names the same expression.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE attachments DROP CONSTRAINT attachments_tender_url_key`.execute(db);
  await sql`CREATE UNIQUE INDEX attachments_tender_url_key ON attachments (tender_id, md5(source_url))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS attachments_tender_url_key`.execute(db);
  await sql`ALTER TABLE attachments ADD CONSTRAINT attachments_tender_url_key UNIQUE (tender_id, source_url)`.execute(
    db,
  );
}
