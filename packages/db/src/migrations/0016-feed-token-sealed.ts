import { type Kysely, sql } from "kysely";

/**
 * The feed token kept sealed (AES-256-GCM under WEBHOOK_SECRET_KEY, see `sealFeedToken`) beside
 * its hash, so the owner can read the feed address again in every answer. The hash still finds
 * the feed. Null when the gateway has no key, and for saved searches made before this migration
 * until their token is replaced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE saved_searches
      ADD COLUMN feed_token_sealed text CHECK (char_length(feed_token_sealed) <= 512)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE saved_searches DROP COLUMN IF EXISTS feed_token_sealed`.execute(db);
}
