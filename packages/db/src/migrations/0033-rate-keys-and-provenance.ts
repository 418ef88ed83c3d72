import { type Kysely, sql } from "kysely";

/**
 * Issue 32 (docs/records.md):
 *
 * - `email_confirmation_requests.rate_key`: the mailbox a confirmation mail went to
 *   (`emailRateLimitKey` of `@tender/contracts`: lower-cased, `+sub-address` cut), which the
 *   3-per-address hourly limit counts, so `a+1@x.example` and `a+2@x.example` share one
 *   allowance. Existing rows get the same folding in SQL; the address stays as written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE email_confirmation_requests ADD COLUMN rate_key text`.execute(db);
  await sql`
    UPDATE email_confirmation_requests
    SET rate_key = lower(regexp_replace(address, '^([^+@]*)\\+[^@]*@', '\\1@'))`.execute(db);
  await sql`
    ALTER TABLE email_confirmation_requests
      ALTER COLUMN rate_key SET NOT NULL,
      ADD CONSTRAINT email_confirmation_requests_rate_key CHECK (char_length(rate_key) BETWEEN 3 AND 254)`.execute(
    db,
  );
  await sql`DROP INDEX email_confirmation_requests_address_idx`.execute(db);
  await sql`
    CREATE INDEX email_confirmation_requests_rate_key_idx
      ON email_confirmation_requests (rate_key, requested_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX email_confirmation_requests_rate_key_idx`.execute(db);
  await sql`
    CREATE INDEX email_confirmation_requests_address_idx
      ON email_confirmation_requests (lower(address), requested_at)`.execute(db);
  await sql`ALTER TABLE email_confirmation_requests DROP COLUMN rate_key`.execute(db);
}
