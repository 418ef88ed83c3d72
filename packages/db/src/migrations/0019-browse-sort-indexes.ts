import { type Kysely, sql } from "kysely";

/**
 * One index per browse sort, in that sort's direction and NULL order, so every page (the first
 * and the thousandth) is an index walk that starts at the cursor's `(key, id)` and stops after
 * `limit` rows: `published_desc` and `amount_desc` run newest/largest first with no amount last;
 * `deadline_asc` keeps `tenders_deadline_idx` (ascending, no deadline last is the default).
 * The replaced ascending indexes served nothing the new ones do not (range filters use either
 * direction). Building them locks writes to `tenders` for the time of one index build.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX tenders_published_desc_idx ON tenders (published_at DESC NULLS LAST, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX tenders_amount_desc_idx ON tenders (amount DESC NULLS LAST, id DESC)`.execute(db);
  await sql`DROP INDEX IF EXISTS tenders_published_at_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS tenders_amount_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS tenders_published_at_idx ON tenders (published_at, id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS tenders_amount_idx ON tenders (amount, id)`.execute(db);
  await sql`DROP INDEX IF EXISTS tenders_published_desc_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS tenders_amount_desc_idx`.execute(db);
}
