import { sql } from "kysely";
import type { Db } from "../database.js";
import { alertingSavedSearchSql } from "./alerting-saved-search-sql.js";
import { type ListedMatch, MATCH_COLUMNS, type MatchRow } from "./listed-match.js";
import { receiverHostSql } from "./receiver-host-sql.js";
import { toListedMatches } from "./to-listed-matches.js";

/** A due webhook delivery claimed for one attempt, with everything its alert shows. */
export interface ClaimedDelivery {
  id: string;
  /** This attempt's number (1 for the first): the outcome is recorded only under it. */
  attempt: number;
  savedSearch: { id: string; name: string };
  /** The saved search's owner: attempts in flight are capped per key. */
  apiKeyId: string;
  /** The webhook URL's host and port as `receiverHostSql` reads it ('' without a webhook): capped per host. */
  receiverHost: string;
  /** Null only when the saved search lost its webhook since the match. */
  webhookUrl: string | null;
  /** As stored: sealed under WEBHOOK_SECRET_KEY (see `openWebhookSecret`). */
  sealedSecret: string | null;
  match: ListedMatch;
}

/** An attempt in flight, as the claim counts it against the caps. */
export type DeliveryInFlight = Pick<ClaimedDelivery, "apiKeyId" | "receiverHost">;

/** What to claim: how many, for how long, and the fairness caps. */
export interface ClaimOptions {
  limit: number;
  leaseMs: number;
  /** Attempts in flight at once per API key, those of `inFlight` included; default no cap. */
  perKey?: number;
  /** Attempts in flight at once per receiving host (host and port), `inFlight` included; default no cap. */
  perHost?: number;
  /** The caller's attempts still running. */
  inFlight?: readonly DeliveryInFlight[];
}

interface ClaimRow extends MatchRow {
  delivery_id: string;
  attempts: number;
  saved_search_id: string;
  saved_search_name: string;
  api_key_id: string;
  receiver_host: string;
  webhook_url: string | null;
  webhook_secret: string | null;
}

const RECEIVER_HOST = receiverHostSql(sql`ss.webhook_url`);

const NO_CAP = 2 ** 31 - 1;

/** Why a due delivery of a disabled key is ended rather than sent. */
export const DISABLED_KEY_ERROR = "the API key is disabled";

/**
 * Claims up to `limit` pending deliveries that are due, in one short statement:
 *
 * - fairly: every API key with due deliveries gets a turn before any gets a second (oldest due
 *   first within a turn), and no key or receiving host goes past `perKey` / `perHost` attempts
 *   in flight, counting the caller's `inFlight`; so slow receivers of one customer cannot take
 *   every slot. (The ranking reads every due row: cheap while the backlog is small, as it is
 *   when deliveries keep up.)
 * - safely: `FOR UPDATE SKIP LOCKED` (replicas never claim the same row, and none waits for
 *   another); each gets its attempt counted and `next_attempt_at` pushed `leaseMs` ahead, so no
 *   transaction stays open during the HTTP call, and a notifier killed meanwhile leaves the row
 *   due again once the lease runs out.
 * - for enabled keys only (`alertingSavedSearchSql`): a due delivery of a disabled key is ended
 *   in the same statement (`failed`, {@link DISABLED_KEY_ERROR}), never sent.
 */
export async function claimWebhookDeliveries(db: Db, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  const inFlight = options.inFlight ?? [];
  const perKey = options.perKey ?? NO_CAP;
  const perHost = options.perHost ?? NO_CAP;
  const { rows } = await sql<ClaimRow>`
    WITH ended AS (
      UPDATE webhook_deliveries AS d
      SET status = 'failed', last_error = ${DISABLED_KEY_ERROR}
      FROM saved_search_matches AS m, saved_searches AS ss
      WHERE m.id = d.match_id AND ss.id = m.saved_search_id
        AND d.status = 'pending' AND d.next_attempt_at <= now() AND NOT ${alertingSavedSearchSql("ss")}
    ), busy AS (
      SELECT * FROM unnest(${inFlight.map((f) => f.apiKeyId)}::uuid[],
                           ${inFlight.map((f) => f.receiverHost)}::text[]) AS b(api_key_id, host)
    ), due AS (
      SELECT d.id, d.next_attempt_at, ss.api_key_id, ${RECEIVER_HOST} AS host
      FROM webhook_deliveries AS d
      JOIN saved_search_matches AS m ON m.id = d.match_id
      JOIN saved_searches AS ss ON ss.id = m.saved_search_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND ${alertingSavedSearchSql("ss")}
    ), key_turns AS (
      SELECT due.*, (SELECT count(*) FROM busy WHERE busy.api_key_id = due.api_key_id)
               + row_number() OVER (PARTITION BY due.api_key_id ORDER BY due.next_attempt_at, due.id) AS key_turn
      FROM due
      -- A host already at its cap takes no key's turn.
      WHERE (SELECT count(*) FROM busy WHERE busy.host = due.host) < ${perHost}
    ), host_turns AS (
      SELECT k.*, (SELECT count(*) FROM busy WHERE busy.host = k.host)
               + row_number() OVER (PARTITION BY k.host ORDER BY k.key_turn, k.next_attempt_at, k.id) AS host_turn
      FROM key_turns AS k
      WHERE k.key_turn <= ${perKey}
    ), chosen AS (
      -- Locked in turn order; a row another notifier holds is skipped and the next one taken.
      SELECT d.id FROM webhook_deliveries AS d
      JOIN host_turns AS h ON h.id = d.id
      WHERE h.host_turn <= ${perHost} AND d.status = 'pending' AND d.next_attempt_at <= now()
      ORDER BY h.key_turn, h.next_attempt_at, h.id
      LIMIT ${options.limit}
      FOR UPDATE OF d SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries AS d
      SET attempts = d.attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${options.leaseMs / 1000}::float8)
      FROM chosen WHERE d.id = chosen.id
      RETURNING d.id, d.match_id, d.attempts
    )
    SELECT ${MATCH_COLUMNS}, c.id AS delivery_id, c.attempts, ss.id AS saved_search_id,
           ss.name AS saved_search_name, ss.api_key_id, ${RECEIVER_HOST} AS receiver_host,
           ss.webhook_url, ss.webhook_secret
    FROM claimed AS c
    JOIN saved_search_matches AS m ON m.id = c.match_id
    JOIN saved_searches AS ss ON ss.id = m.saved_search_id
    JOIN tenders AS t ON t.id = m.tender_id
    JOIN sources AS s ON s.id = t.source_id`.execute(db);
  const claimed = rows.map(
    ({
      delivery_id,
      attempts,
      saved_search_id,
      saved_search_name,
      api_key_id,
      receiver_host,
      webhook_url,
      webhook_secret,
      ...match
    }) => ({
      delivery: {
        id: delivery_id,
        attempt: attempts,
        savedSearch: { id: saved_search_id, name: saved_search_name },
        apiKeyId: api_key_id,
        receiverHost: receiver_host,
        webhookUrl: webhook_url,
        sealedSecret: webhook_secret,
      },
      match,
    }),
  );
  // The batch's awards in one more query, after the claim's statement so that one stays short.
  const matches = await toListedMatches(
    db,
    claimed.map((c) => c.match),
  );
  return claimed.map(({ delivery }, i) => ({ ...delivery, match: matches[i] as ListedMatch }));
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
