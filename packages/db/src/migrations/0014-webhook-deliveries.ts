import { type Kysely, sql } from "kysely";

/**
 * One webhook delivery per match of a saved search that has a webhook (docs/events.md#webhooks), made in
 * the transaction that records the match. A delivery is a scheduled row: `pending` until a 2xx
 * answer (`delivered`) or until retries run out (`failed`); due rows are found by
 * `next_attempt_at` and claimed with `FOR UPDATE SKIP LOCKED`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook_deliveries (
      id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      match_id         uuid NOT NULL UNIQUE REFERENCES saved_search_matches (id) ON DELETE CASCADE,
      status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at  timestamptz NOT NULL DEFAULT now(),
      last_error       text CHECK (char_length(last_error) <= 1000),
      created_at       timestamptz NOT NULL DEFAULT now(),
      delivered_at     timestamptz
    )`.execute(db);
  await sql`
    CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
      WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS webhook_deliveries`.execute(db);
}
