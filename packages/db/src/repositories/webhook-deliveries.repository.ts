import { sql } from "kysely";
import type { Db } from "../database.js";
import {
  type ListedMatch,
  MATCH_COLUMNS,
  type MatchRow,
  toListedMatch,
} from "./saved-search-matches.repository.js";

/** A due webhook delivery claimed for one attempt, with everything its alert shows. */
export interface ClaimedDelivery {
  id: string;
  /** This attempt's number (1 for the first): the outcome is recorded only under it. */
  attempt: number;
  savedSearch: { id: string; name: string };
  /** Null only when the saved search lost its webhook since the match. */
  webhookUrl: string | null;
  /** As stored: sealed under WEBHOOK_SECRET_KEY (see `openWebhookSecret`). */
  sealedSecret: string | null;
  match: ListedMatch;
}

interface ClaimRow extends MatchRow {
  delivery_id: string;
  attempts: number;
  saved_search_id: string;
  saved_search_name: string;
  webhook_url: string | null;
  webhook_secret: string | null;
}

/**
 * Claims up to `limit` pending deliveries that are due, oldest due first, in one short statement
 * (`FOR UPDATE SKIP LOCKED`: replicas never claim the same row, and none waits for another):
 * each gets its attempt counted and `next_attempt_at` pushed `leaseMs` ahead, so no transaction
 * stays open during the HTTP call, and a notifier killed meanwhile leaves the row due again
 * once the lease runs out.
 */
export async function claimWebhookDeliveries(
  db: Db,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimRow>`
    WITH due AS (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries AS d
      SET attempts = d.attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${options.leaseMs / 1000}::float8)
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.match_id, d.attempts
    )
    SELECT ${MATCH_COLUMNS}, c.id AS delivery_id, c.attempts, ss.id AS saved_search_id,
           ss.name AS saved_search_name, ss.webhook_url, ss.webhook_secret
    FROM claimed AS c
    JOIN saved_search_matches AS m ON m.id = c.match_id
    JOIN saved_searches AS ss ON ss.id = m.saved_search_id
    JOIN tenders AS t ON t.id = m.tender_id
    JOIN sources AS s ON s.id = t.source_id`.execute(db);
  return rows.map(
    ({
      delivery_id,
      attempts,
      saved_search_id,
      saved_search_name,
      webhook_url,
      webhook_secret,
      ...match
    }) => ({
      id: delivery_id,
      attempt: attempts,
      savedSearch: { id: saved_search_id, name: saved_search_name },
      webhookUrl: webhook_url,
      sealedSecret: webhook_secret,
      match: toListedMatch(match),
    }),
  );
}

/** How one attempt ended: delivered, or an error and the pause before the next attempt. */
export type WebhookAttemptOutcome =
  | { delivered: true }
  | { delivered: false; error: string; retryInMs: number }
  /** A failure no retry can mend (the saved search lost its webhook): `failed` at once. */
  | { delivered: false; error: string; giveUp: true };

/** What recording an attempt did: the status written, or why nothing was. */
export type RecordedAttempt =
  | "delivered"
  | "pending"
  | "failed"
  /** A later attempt holds the claim, or the row is no longer pending. */
  | "stale"
  /** The delivery is gone: its saved search (and so its match) was deleted meanwhile. */
  | "deleted";

/**
 * Records the outcome of attempt `attempt` of a delivery, only while that attempt is still the
 * row's latest and the row is pending (a stale attempt whose lease ran out changes nothing).
 * A failure whose next attempt would fall after `created_at + retryForMs`, or one that gives
 * up, makes it `failed`.
 */
export async function recordWebhookAttempt(
  db: Db,
  delivery: { id: string; attempt: number },
  outcome: WebhookAttemptOutcome,
  retryForMs: number,
): Promise<RecordedAttempt> {
  const update = outcome.delivered
    ? sql`
        UPDATE webhook_deliveries
        SET status = 'delivered', delivered_at = now(), last_error = NULL
        WHERE id = ${delivery.id} AND attempts = ${delivery.attempt} AND status = 'pending'
        RETURNING status`
    : sql`
        UPDATE webhook_deliveries AS d
        SET status = CASE
              WHEN ${"giveUp" in outcome}::boolean
                OR next.at > d.created_at + make_interval(secs => ${retryForMs / 1000}::float8)
              THEN 'failed' ELSE 'pending' END,
            next_attempt_at = next.at,
            last_error = left(${outcome.error}, 1000)
        FROM (SELECT now() + make_interval(
                secs => ${"giveUp" in outcome ? 0 : outcome.retryInMs / 1000}::float8) AS at) AS next
        WHERE d.id = ${delivery.id} AND d.attempts = ${delivery.attempt} AND d.status = 'pending'
        RETURNING d.status`;
  // The existence check sees the row as the statement started: a deleted one is absent.
  const { rows } = await sql<{ status: "delivered" | "pending" | "failed" | null; present: boolean }>`
    WITH recorded AS (${update})
    SELECT (SELECT status FROM recorded) AS status,
           EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ${delivery.id}) AS present`.execute(db);
  const row = rows[0];
  return row?.status ?? (row?.present ? "stale" : "deleted");
}
