import { type Kysely, sql } from "kysely";

/**
 * Operators list, retry and purge the deliveries that have not gone out (`tender alerts`) and
 * `tender status` counts them: found without reading the delivered ones, which pile up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX webhook_deliveries_undelivered_idx ON webhook_deliveries (created_at, id)
      WHERE status IN ('pending', 'failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS webhook_deliveries_undelivered_idx`.execute(db);
}
