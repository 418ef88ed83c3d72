import { type Kysely, sql } from "kysely";

/**
 * Email digests of saved searches (docs/api.md#email-digests). `email_channels`: one address per
 * saved search, its frequency and where it stands; `digested_through` is where the next digest
 * starts, moved forward in the statement that schedules a digest, so periods follow each other
 * without gap or overlap. `email_messages`: every mail to send (a confirmation, or a digest of
 * the matches in `(since, through]`), claimed like webhook deliveries; `UNIQUE (channel_id,
 * through)` makes one digest per period, and at most one digest of a channel waits at a time.
 * `email_confirmation_requests` counts confirmation mails per key and per address for the
 * hourly limit; it does not go with the saved search, so deleting one does not reset the count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_channels (
      saved_search_id     uuid PRIMARY KEY REFERENCES saved_searches (id) ON DELETE CASCADE,
      address             text NOT NULL CHECK (char_length(address) BETWEEN 3 AND 254),
      frequency           text NOT NULL CHECK (frequency IN ('instant', 'daily', 'weekly')),
      hour_utc            smallint CHECK (hour_utc BETWEEN 0 AND 23),
      weekday             smallint CHECK (weekday BETWEEN 1 AND 7),
      status              text NOT NULL DEFAULT 'unconfirmed'
                          CHECK (status IN ('unconfirmed', 'confirmed', 'stopped', 'unsubscribed')),
      stopped_reason      text CHECK (char_length(stopped_reason) <= 1000),
      permanent_failures  integer NOT NULL DEFAULT 0 CHECK (permanent_failures >= 0),
      confirmed_at        timestamptz,
      digested_through    timestamptz,
      created_at          timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT email_channels_schedule CHECK (
        (frequency = 'instant' AND hour_utc IS NULL AND weekday IS NULL)
        OR (frequency = 'daily' AND hour_utc IS NOT NULL AND weekday IS NULL)
        OR (frequency = 'weekly' AND hour_utc IS NOT NULL AND weekday IS NOT NULL)),
      CONSTRAINT email_channels_confirmed CHECK (status <> 'confirmed' OR (confirmed_at IS NOT NULL AND digested_through IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX email_channels_confirmed_idx ON email_channels (saved_search_id) WHERE status = 'confirmed'`.execute(
    db,
  );
  await sql`
    CREATE TABLE email_messages (
      id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      channel_id       uuid NOT NULL REFERENCES email_channels (saved_search_id) ON DELETE CASCADE,
      kind             text NOT NULL CHECK (kind IN ('confirmation', 'digest')),
      since            timestamptz,
      through          timestamptz,
      status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'empty', 'failed', 'cancelled')),
      attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at  timestamptz NOT NULL DEFAULT now(),
      last_error       text CHECK (char_length(last_error) <= 1000),
      created_at       timestamptz NOT NULL DEFAULT now(),
      sent_at          timestamptz,
      CONSTRAINT email_messages_period CHECK ((kind = 'digest') = (since IS NOT NULL AND through IS NOT NULL)),
      CONSTRAINT email_messages_one_per_period UNIQUE (channel_id, through)
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX email_messages_one_waiting_digest ON email_messages (channel_id)
      WHERE status = 'pending' AND kind = 'digest'`.execute(db);
  await sql`CREATE INDEX email_messages_due_idx ON email_messages (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`
    CREATE INDEX email_messages_unsent_idx ON email_messages (created_at, id)
      WHERE status IN ('pending', 'failed')`.execute(db);
  await sql`
    CREATE TABLE email_confirmation_requests (
      api_key_id    uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
      address       text NOT NULL CHECK (char_length(address) BETWEEN 3 AND 254),
      requested_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_confirmation_requests_key_idx ON email_confirmation_requests (api_key_id, requested_at)`.execute(
    db,
  );
  await sql`
    CREATE INDEX email_confirmation_requests_address_idx
      ON email_confirmation_requests (lower(address), requested_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS email_confirmation_requests`.execute(db);
  await sql`DROP TABLE IF EXISTS email_messages`.execute(db);
  await sql`DROP TABLE IF EXISTS email_channels`.execute(db);
}
