import { sql } from "kysely";
import type { Db } from "../database.js";

/** A webhook delivery as operators see it (`tender alerts list`): never the URL or the secret. */
export interface WebhookDeliveryListing {
  id: string;
  status: "pending" | "failed";
  /** The match the delivery carries: its `alert_id`. */
  alertId: string;
  savedSearchId: string;
  savedSearchName: string;
  apiKeyName: string;
  tenderId: string;
  tenderTitle: string;
  attempts: number;
  lastError: string | null;
  /** When the tender matched: the alert's age. */
  matchedAt: Date;
  nextAttemptAt: Date;
  /** Whole seconds since the match, by the database clock. */
  ageSeconds: number;
}

/**
 * Deliveries that have not gone out, oldest match first, at most `limit`, and how many there are in
 * all: the failed ones, and the pending ones too when `statuses` says so. The webhook URL is left
 * out on purpose: many receivers put their own secret in it.
 */
export async function listUndeliveredWebhooks(
  db: Db,
  options: { statuses: readonly ("pending" | "failed")[]; limit: number },
): Promise<{ deliveries: WebhookDeliveryListing[]; total: number }> {
  if (options.statuses.length === 0) return { deliveries: [], total: 0 };
  const rows = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("saved_search_matches as m", "m.id", "d.match_id")
    .innerJoin("saved_searches as ss", "ss.id", "m.saved_search_id")
    .innerJoin("api_keys as k", "k.id", "ss.api_key_id")
    .innerJoin("tenders as t", "t.id", "m.tender_id")
    .select([
      "d.id",
      "d.status",
      "d.match_id",
      "ss.id as saved_search_id",
      "ss.name as saved_search_name",
      "k.name as api_key_name",
      "t.id as tender_id",
      "t.title as tender_title",
      "d.attempts",
      "d.last_error",
      "m.matched_at",
      "d.next_attempt_at",
      sql<number>`floor(extract(epoch from now() - m.matched_at))::int`.as("age_seconds"),
      sql<number>`(count(*) OVER ())::int`.as("total"),
    ])
    .where("d.status", "in", [...options.statuses])
    .orderBy("m.matched_at")
    .orderBy("d.id")
    .limit(options.limit)
    .execute();
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      status: r.status as "pending" | "failed",
      alertId: r.match_id,
      savedSearchId: r.saved_search_id,
      savedSearchName: r.saved_search_name,
      apiKeyName: r.api_key_name,
      tenderId: r.tender_id,
      tenderTitle: r.tender_title,
      attempts: r.attempts,
      lastError: r.last_error,
      matchedAt: r.matched_at,
      nextAttemptAt: r.next_attempt_at,
      ageSeconds: Number(r.age_seconds),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * Puts failed deliveries back to pending, due now, with their attempts and last error cleared
 * and `created_at` set to now: the notifier retries a delivery for a while after `created_at`
 * with a pause that grows with its attempts, so each gets a whole new round of retries. `ids`: only these (any that is not failed is
 * left alone); `"all"`: every failed delivery. Returns the ids put back.
 */
export async function retryFailedWebhooks(db: Db, ids: readonly string[] | "all"): Promise<string[]> {
  if (ids !== "all" && ids.length === 0) return [];
  let query = db
    .updateTable("webhook_deliveries")
    .set({
      status: "pending",
      attempts: 0,
      last_error: null,
      next_attempt_at: sql`now()`,
      created_at: sql`now()`,
    })
    .where("status", "=", "failed");
  if (ids !== "all") query = query.where("id", "in", [...ids]);
  const rows = await query.returning("id").execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes failed deliveries, only those whose match is at least `olderThanSeconds` old (by the
 * database clock) when given. The matches stay: the saved search's matches and feed still show them.
 * Returns how many were deleted.
 */
export async function purgeFailedWebhooks(
  db: Db,
  options: { olderThanSeconds?: number } = {},
): Promise<number> {
  let query = db.deleteFrom("webhook_deliveries").where("status", "=", "failed");
  if (options.olderThanSeconds !== undefined) {
    const before = sql<Date>`now() - make_interval(secs => ${options.olderThanSeconds}::float8)`;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("saved_search_matches as m")
          .select("m.id")
          .whereRef("m.id", "=", "webhook_deliveries.match_id")
          .where("m.matched_at", "<=", before),
      ),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deliveries by state for `tender status`. */
export interface WebhookDeliveryCounts {
  pending: number;
  /** Pending deliveries whose next attempt time has come (a backlog when it stays high). */
  due: number;
  failed: number;
  /** Whole seconds the oldest due delivery has waited past its time; null when none is due. */
  oldestDueAgeSeconds: number | null;
}

/** Pending, due and failed webhook deliveries (delivered ones are not counted). */
export async function countWebhookDeliveries(db: Db): Promise<WebhookDeliveryCounts> {
  const { rows } = await sql<{ pending: number; due: number; failed: number; oldest_due: number | null }>`
    SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
           count(*) FILTER (WHERE status = 'pending' AND next_attempt_at <= now())::int AS due,
           count(*) FILTER (WHERE status = 'failed')::int AS failed,
           floor(extract(epoch from now() - min(next_attempt_at) FILTER (
             WHERE status = 'pending' AND next_attempt_at <= now())))::int AS oldest_due
    FROM webhook_deliveries
    WHERE status IN ('pending', 'failed')`.execute(db);
  const row = rows[0];
  return {
    pending: row?.pending ?? 0,
    due: row?.due ?? 0,
    failed: row?.failed ?? 0,
    oldestDueAgeSeconds: row?.oldest_due ?? null,
  };
}
