import { type Kysely, sql } from "kysely";
import { alertingSavedSearchSql } from "../alerts/alerting-saved-search-sql.js";
import type { Database, Db } from "../database.js";

/** A due mail claimed for one attempt, with what it is sent to. */
export interface ClaimedEmail {
  id: string;
  kind: "confirmation" | "digest";
  /** This attempt's number (1 for the first): the outcome is recorded only under it. */
  attempt: number;
  channel: {
    id: string;
    address: string;
    frequency: "instant" | "daily" | "weekly";
    savedSearchName: string;
  };
  /** The digest's period: matches recorded after `since`, up to `through`; null for a confirmation. */
  period: { since: Date; through: Date } | null;
}

// A match is stamped with its transaction's start time and becomes visible at commit: a period
// ends this long before the clock, so a match being committed lands in this period or the next.
const SETTLE = "5 seconds";

/**
 * Queues the digests that are due at `now` (at most `limit`) and moves each channel's
 * `digested_through` to the end of its period, in one statement under a transaction-scoped
 * advisory lock (replicas schedule one at a time; a replica that finds it taken skips this round):
 * a daily period ends at `hour_utc`, a weekly one at `weekday` + `hour_utc`, an instant one now.
 * Only confirmed channels that may alert (`alertingSavedSearchSql`: the key is enabled) with no
 * digest waiting take part; a period with no new match sends nothing but still ends (an instant
 * period ends only with a match).
 * Returns how many digests were queued and whether the limit was reached.
 *
 * Extension point: follow-up alerts (changes to tenders a saved search matched) join the
 * "anything new" test here and the content in `loadDigestContent`.
 */
export async function scheduleEmailDigests(
  db: Db,
  options: { now: Date; limit: number },
): Promise<{ queued: number; periods: number }> {
  // The lock lasts as long as the transaction: the caller's, or one of its own.
  const run = async (trx: Db) => {
    const { rows: lock } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_xact_lock(hashtextextended('email_digest_schedule', 0)) AS locked`.execute(trx);
    if (lock[0]?.locked !== true) return { queued: 0, periods: 0 };
    const { rows } = await sql<{ queued: number; periods: number }>`
      WITH clock AS (
        SELECT (${options.now.toISOString()}::timestamptz - interval '${sql.raw(SETTLE)}') AT TIME ZONE 'UTC' AS n
      ), candidates AS (
        SELECT ch.saved_search_id AS id, ch.frequency, ch.digested_through AS since, b.through
        FROM email_channels AS ch
        JOIN saved_searches AS ss ON ss.id = ch.saved_search_id
        CROSS JOIN clock
        CROSS JOIN LATERAL (
          SELECT (CASE ch.frequency
            WHEN 'instant' THEN clock.n
            WHEN 'daily' THEN date_trunc('day', clock.n) + make_interval(hours => ch.hour_utc)
              - CASE WHEN date_trunc('day', clock.n) + make_interval(hours => ch.hour_utc) > clock.n
                     THEN interval '1 day' ELSE interval '0' END
            ELSE date_trunc('week', clock.n) + make_interval(days => ch.weekday - 1, hours => ch.hour_utc)
              - CASE WHEN date_trunc('week', clock.n) + make_interval(days => ch.weekday - 1, hours => ch.hour_utc) > clock.n
                     THEN interval '7 days' ELSE interval '0' END
          END) AT TIME ZONE 'UTC' AS through
        ) AS b
        WHERE ch.status = 'confirmed' AND b.through > ch.digested_through AND ${alertingSavedSearchSql("ss")}
          AND (ch.frequency <> 'instant' OR EXISTS (
            SELECT 1 FROM saved_search_matches AS m
            WHERE m.saved_search_id = ch.saved_search_id
              AND m.matched_at > ch.digested_through AND m.matched_at <= b.through))
          AND NOT EXISTS (
            SELECT 1 FROM email_messages AS e
            WHERE e.channel_id = ch.saved_search_id AND e.kind = 'digest' AND e.status = 'pending')
        ORDER BY b.through, ch.saved_search_id
        LIMIT ${options.limit}
      ), news AS (
        SELECT c.* FROM candidates AS c
        WHERE EXISTS (
          SELECT 1 FROM saved_search_matches AS m
          WHERE m.saved_search_id = c.id AND m.matched_at > c.since AND m.matched_at <= c.through)
      ), moved AS (
        UPDATE email_channels AS ch SET digested_through = c.through
        FROM candidates AS c WHERE ch.saved_search_id = c.id
        RETURNING ch.saved_search_id
      ), queued AS (
        INSERT INTO email_messages (channel_id, kind, since, through)
        SELECT id, 'digest', since, through FROM news
        ON CONFLICT DO NOTHING
        RETURNING id
      )
      SELECT (SELECT count(*)::int FROM queued) AS queued, (SELECT count(*)::int FROM moved) AS periods`.execute(
      trx,
    );
    return rows[0] ?? { queued: 0, periods: 0 };
  };
  return db.isTransaction ? run(db) : (db as Kysely<Database>).transaction().execute(run);
}

interface ClaimRow {
  id: string;
  kind: "confirmation" | "digest";
  attempts: number;
  since: Date | null;
  through: Date | null;
  channel_id: string;
  address: string;
  frequency: "instant" | "daily" | "weekly";
  saved_search_name: string;
}

/**
 * Claims up to `limit` due mails, oldest due first, as `claimWebhookDeliveries` does
 * (`FOR UPDATE SKIP LOCKED`, the attempt counted and `next_attempt_at` pushed `leaseMs` ahead
 * in one statement, so no transaction stays open during the SMTP exchange and a notifier killed
 * meanwhile leaves the mail due again once the lease runs out). Only mails that may go out are
 * claimed: a confirmation to an unconfirmed channel, a digest to a confirmed one, and neither
 * while the saved search may not alert (`alertingSavedSearchSql`: its API key is disabled); such
 * a mail waits, and goes out once the key is enabled again.
 */
export async function claimEmailMessages(
  db: Db,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedEmail[]> {
  const { rows } = await sql<ClaimRow>`
    WITH due AS (
      SELECT e.id FROM email_messages AS e
      JOIN email_channels AS ch ON ch.saved_search_id = e.channel_id
      JOIN saved_searches AS ss ON ss.id = ch.saved_search_id
      WHERE e.status = 'pending' AND e.next_attempt_at <= now() AND ${alertingSavedSearchSql("ss")}
        AND ch.status = CASE e.kind WHEN 'digest' THEN 'confirmed' ELSE 'unconfirmed' END
      ORDER BY e.next_attempt_at, e.id
      LIMIT ${options.limit}
      FOR UPDATE OF e SKIP LOCKED
    ), claimed AS (
      UPDATE email_messages AS e
      SET attempts = e.attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${options.leaseMs / 1000}::float8)
      FROM due WHERE e.id = due.id
      RETURNING e.id, e.kind, e.attempts, e.since, e.through, e.channel_id
    )
    SELECT c.*, ch.address, ch.frequency, ss.name AS saved_search_name
    FROM claimed AS c
    JOIN email_channels AS ch ON ch.saved_search_id = c.channel_id
    JOIN saved_searches AS ss ON ss.id = ch.saved_search_id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    attempt: row.attempts,
    channel: {
      id: row.channel_id,
      address: row.address,
      frequency: row.frequency,
      savedSearchName: row.saved_search_name,
    },
    period: row.since && row.through ? { since: row.since, through: row.through } : null,
  }));
}

/** How one attempt at a mail ended. */
export type EmailAttemptOutcome =
  | { sent: true }
  /** A digest with nothing new: no mail was sent and none will be. */
  | { empty: true }
  /** A temporary failure (4xx, connection): retried after `retryInMs` within the retry window. */
  | { error: string; retryInMs: number; permanent?: false }
  /** A permanent refusal (5xx): counted on the channel; the third in a row stops it. */
  | { error: string; retryInMs: number; permanent: true };

/** Permanent refusals in a row that stop a channel. */
export const EMAIL_PERMANENT_FAILURES_TO_STOP = 3;

/**
 * Records the outcome of attempt `attempt` of a mail, only while that attempt is still the
 * row's latest and the row is pending (a stale attempt whose lease ran out changes nothing).
 * A sent mail clears the channel's count of permanent refusals; a permanent refusal adds one,
 * and the third stops the channel (`stopped_reason` tells the owner) and fails the mail. A retry
 * that would start after `created_at + retryForMs` fails the mail. Returns the status written.
 */
export async function recordEmailAttempt(
  db: Db,
  mail: { id: string; attempt: number; channel: { id: string } },
  outcome: EmailAttemptOutcome,
  retryForMs: number,
): Promise<"sent" | "empty" | "pending" | "failed" | "stopped" | undefined> {
  if ("sent" in outcome || "empty" in outcome) {
    const status = "sent" in outcome ? "sent" : "empty";
    const { rows } = await sql<{ status: "sent" | "empty" }>`
      WITH mail AS (
        UPDATE email_messages SET status = ${status}, sent_at = now(), last_error = NULL
        WHERE id = ${mail.id} AND attempts = ${mail.attempt} AND status = 'pending'
        RETURNING status, channel_id
      ), channel AS (
        UPDATE email_channels SET permanent_failures = 0
        FROM mail WHERE saved_search_id = mail.channel_id AND ${status === "sent"}::boolean
      )
      SELECT status FROM mail`.execute(db);
    return rows[0]?.status;
  }
  const permanent = outcome.permanent === true;
  const { rows } = await sql<{ status: "pending" | "failed"; stopped: boolean }>`
    WITH mail AS (
      SELECT id, channel_id, created_at FROM email_messages
      WHERE id = ${mail.id} AND attempts = ${mail.attempt} AND status = 'pending'
      FOR UPDATE
    ), channel AS (
      UPDATE email_channels AS ch
      SET permanent_failures = ch.permanent_failures + 1,
          status = CASE WHEN ch.permanent_failures + 1 >= ${EMAIL_PERMANENT_FAILURES_TO_STOP} THEN 'stopped' ELSE ch.status END,
          stopped_reason = CASE WHEN ch.permanent_failures + 1 >= ${EMAIL_PERMANENT_FAILURES_TO_STOP}
            THEN left(${`The mail server refused this address ${EMAIL_PERMANENT_FAILURES_TO_STOP} times: ${outcome.error}`}, 1000)
            ELSE ch.stopped_reason END
      FROM mail WHERE ch.saved_search_id = mail.channel_id AND ${permanent}::boolean
      RETURNING ch.status = 'stopped' AS stopped
    ), next AS (
      SELECT now() + make_interval(secs => ${outcome.retryInMs / 1000}::float8) AS at
    )
    UPDATE email_messages AS e
    SET status = CASE
          WHEN coalesce((SELECT stopped FROM channel), false)
            OR next.at > e.created_at + make_interval(secs => ${retryForMs / 1000}::float8)
          THEN 'failed' ELSE 'pending' END,
        next_attempt_at = next.at,
        last_error = left(${outcome.error}, 1000)
    FROM next, mail
    WHERE e.id = mail.id
    RETURNING e.status, coalesce((SELECT stopped FROM channel), false) AS stopped`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return row.stopped ? "stopped" : row.status;
}
