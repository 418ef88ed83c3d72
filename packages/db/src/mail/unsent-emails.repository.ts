import { sql } from "kysely";
import type { Db } from "../database.js";

/** A mail as operators see it (`tender alerts mail list`): the address is shown, it is theirs to fix. */
export interface UnsentEmailListing {
  id: string;
  status: "pending" | "failed";
  kind: "confirmation" | "digest";
  savedSearchId: string;
  savedSearchName: string;
  apiKeyName: string;
  address: string;
  channelStatus: string;
  attempts: number;
  lastError: string | null;
  /** Whole seconds since the mail was queued, by the database clock. */
  ageSeconds: number;
}

/**
 * Mails that have not gone out, oldest first, at most `limit`, and how many there are in all:
 * the failed ones, and the pending ones too when `statuses` says so.
 */
export async function listUnsentEmails(
  db: Db,
  options: { statuses: readonly ("pending" | "failed")[]; limit: number },
): Promise<{ emails: UnsentEmailListing[]; total: number }> {
  if (options.statuses.length === 0) return { emails: [], total: 0 };
  const rows = await db
    .selectFrom("email_messages as e")
    .innerJoin("email_channels as ch", "ch.saved_search_id", "e.channel_id")
    .innerJoin("saved_searches as ss", "ss.id", "ch.saved_search_id")
    .innerJoin("api_keys as k", "k.id", "ss.api_key_id")
    .select([
      "e.id",
      "e.status",
      "e.kind",
      "ss.id as saved_search_id",
      "ss.name as saved_search_name",
      "k.name as api_key_name",
      "ch.address",
      "ch.status as channel_status",
      "e.attempts",
      "e.last_error",
      sql<number>`floor(extract(epoch from now() - e.created_at))::int`.as("age_seconds"),
      sql<number>`(count(*) OVER ())::int`.as("total"),
    ])
    .where("e.status", "in", [...options.statuses])
    .orderBy("e.created_at")
    .orderBy("e.id")
    .limit(options.limit)
    .execute();
  return {
    emails: rows.map((r) => ({
      id: r.id,
      status: r.status as "pending" | "failed",
      kind: r.kind,
      savedSearchId: r.saved_search_id,
      savedSearchName: r.saved_search_name,
      apiKeyName: r.api_key_name,
      address: r.address,
      channelStatus: r.channel_status,
      attempts: r.attempts,
      lastError: r.last_error,
      ageSeconds: Number(r.age_seconds),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * Puts failed mails back to pending, due now, attempts and error cleared, `created_at` now (a
 * whole new round of retries). A channel stopped by refusals is resumed (its count cleared), as
 * the operator has fixed what the server refused; an unsubscribed one never is. `ids`: only
 * these; `"all"`: every failed mail. Returns the ids put back.
 */
export async function retryFailedEmails(db: Db, ids: readonly string[] | "all"): Promise<string[]> {
  if (ids !== "all" && ids.length === 0) return [];
  const only = ids === "all" ? sql`true` : sql`e.id = ANY(${[...ids]}::uuid[])`;
  const { rows } = await sql<{ id: string }>`
    WITH retried AS (
      UPDATE email_messages AS e
      SET status = 'pending', attempts = 0, last_error = NULL, next_attempt_at = now(), created_at = now()
      FROM email_channels AS ch
      WHERE ch.saved_search_id = e.channel_id AND e.status = 'failed' AND ch.status <> 'unsubscribed' AND ${only}
      RETURNING e.id, e.channel_id
    ), resumed AS (
      UPDATE email_channels AS ch
      SET status = CASE WHEN ch.confirmed_at IS NULL THEN 'unconfirmed' ELSE 'confirmed' END,
          stopped_reason = NULL, permanent_failures = 0
      FROM retried WHERE ch.saved_search_id = retried.channel_id AND ch.status = 'stopped'
    )
    SELECT id FROM retried`.execute(db);
  return rows.map((r) => r.id);
}

/** Deletes failed mails, only those queued at least `olderThanSeconds` ago when given; returns how many. */
export async function purgeFailedEmails(
  db: Db,
  options: { olderThanSeconds?: number } = {},
): Promise<number> {
  let query = db.deleteFrom("email_messages").where("status", "=", "failed");
  if (options.olderThanSeconds !== undefined) {
    query = query.where(
      "created_at",
      "<=",
      sql<Date>`now() - make_interval(secs => ${options.olderThanSeconds}::float8)`,
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Mails and email channels by state for `tender status`. */
export interface EmailCounts {
  pending: number;
  failed: number;
  /** Email channels stopped by three permanent refusals in a row. */
  stoppedChannels: number;
}

/** Pending and failed mails, and stopped email channels (sent mails are not counted). */
export async function countUnsentEmails(db: Db): Promise<EmailCounts> {
  const { rows } = await sql<{ pending: number; failed: number; stopped: number }>`
    SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
           count(*) FILTER (WHERE status = 'failed')::int AS failed,
           (SELECT count(*)::int FROM email_channels WHERE status = 'stopped') AS stopped
    FROM email_messages
    WHERE status IN ('pending', 'failed')`.execute(db);
  const row = rows[0];
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0, stoppedChannels: row?.stopped ?? 0 };
}
