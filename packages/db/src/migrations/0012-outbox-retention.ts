import { type Kysely, sql } from "kysely";

/** The relay deletes published outbox rows after a retention window: found by `published_at`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX outbox_published_at_idx ON outbox (published_at) WHERE published_at IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS outbox_published_at_idx`.execute(db);
}
