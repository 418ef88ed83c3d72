import { type Kysely, sql } from "kysely";

/**
 * An organisation page reads each of its awards by key (`awardByKey`): for the busiest supplier
 * that is thousands of random heap reads. This partial covering index holds every column those
 * reads take, for the awards that count (not `not-awarded`, not `open`), so they are index-only
 * scans once the table is vacuumed (docs/benchmarks.md, organisation pages).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX awards_counted_cover_idx ON awards (id)
      INCLUDE (tender_id, lot, value, currency, decided_at, contract_end, buyer_organisation_id)
      WHERE status IS NULL OR status = 'awarded'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX awards_counted_cover_idx`.execute(db);
}
