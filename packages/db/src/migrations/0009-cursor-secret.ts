import { type Kysely, sql } from "kysely";

/**
 * The key that signs the browsing cursors of `GET /api/v1/tenders` (docs/api.md#cursors): one row,
 * made by the database from its strong random source (`gen_random_uuid`), so every gateway
 * replica signs and checks with the same key without one more setting to deploy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cursor_secret (
      id     boolean PRIMARY KEY DEFAULT true CONSTRAINT cursor_secret_single_row CHECK (id),
      secret text NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO cursor_secret (secret)
    VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS cursor_secret`.execute(db);
}
