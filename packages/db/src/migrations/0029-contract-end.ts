import { type Kysely, sql } from "kysely";

/**
 * Expiring contracts (docs/api.md#browsing): `tenders.contract_end` is the earliest contract end
 * among a notice's awards (null: none stated), kept by the ingest with the awards, so browse's
 * `sort=contract_end_asc` and its `contract_end_from` / `contract_end_to` range walk one index
 * from the cursor like the other sorts. Only result and modification notices have awards, so
 * the index is partial and small. `awards_tender_idx` is not needed: `awards_tender_position`
 * (tender_id, position) already serves "the awards of a tender".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenders ADD COLUMN contract_end date`.execute(db);
  await sql`
    CREATE INDEX tenders_contract_end_idx ON tenders (contract_end, id) WHERE contract_end IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenders DROP COLUMN contract_end`.execute(db);
}
