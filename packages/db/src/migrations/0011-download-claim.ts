import { type Kysely, sql } from "kysely";

/**
 * The downloader's claim on an attachment, taken in the database before the fetch: a random
 * token with an expiry (a lease), so two downloaders never fetch one attachment at once and the
 * claim of a killed one runs out. The stored object is named after the token, and the row only
 * becomes `ready` under the token that wrote it, so a losing or stale writer never replaces the
 * bytes a committed row points at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE attachments
      ADD COLUMN claim_token uuid,
      ADD COLUMN claim_expires_at timestamptz,
      ADD CONSTRAINT attachments_claim_complete
        CHECK ((claim_token IS NULL) = (claim_expires_at IS NULL))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE attachments
      DROP CONSTRAINT IF EXISTS attachments_claim_complete,
      DROP COLUMN IF EXISTS claim_expires_at,
      DROP COLUMN IF EXISTS claim_token`.execute(db);
}
