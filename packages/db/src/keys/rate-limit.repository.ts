import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { prepared } from "../sql/prepared.js";

/** The key's counter after counting one request in the current UTC minute. */
export interface RateLimitCount {
  /** Requests counted in the window, this one included (for a refused one: at least the limit + 1). */
  requestCount: number;
  limitPerMinute: number;
  /** Start of the window (a whole UTC minute of the database clock), Unix seconds. */
  windowStart: number;
  /** The database clock when the request was counted, Unix seconds with fraction. */
  now: number;
}

/** What {@link takeRateLimitToken} decided. The counter changed only when `allowed`. */
export interface RateLimitDecision extends RateLimitCount {
  allowed: boolean;
}

/**
 * One statement that takes one request from the allowance of the key row `which` selects (spec
 * 8.2), when `count` holds for it: in the same UTC minute of the database clock the count grows by
 * one, in a later minute the window moves there and the count restarts at 1; the window never
 * moves back. The UPDATE writes only when the new count is within `limit_per_minute`, so a
 * refused request changes nothing (the rollback of docs/api.md#rate-limit, without a transaction of its own) and
 * does not even wait for the row lock when the snapshot already shows the minute full.
 *
 * Run in autocommit: the row lock is taken by the UPDATE and released by the commit that ends
 * the statement, and no round trip of the client happens under it. The commit does not wait
 * for the WAL flush (`synchronous_commit` off for this transaction only): a crash can lose the
 * last counts of the minute, nothing more, and the lock that serializes every request of the
 * key is not held through a disk flush.
 *
 * Under a concurrent update, PostgreSQL re-evaluates the WHERE and SET on the newest row version
 * once the lock is granted, `clock_timestamp()` included: a request that waited across a minute
 * boundary is counted in the minute it was counted in. A refused request is described from the
 * statement's snapshot and the clock: remaining 0, the current window.
 *
 * Columns: `id`, `key_hash`, `enabled` of the key row (from the snapshot) and the decision's
 * fields, meaningful when `count` held; no row when no key matches.
 */
function countedKeySql(which: RawBuilder<boolean>, count: RawBuilder<boolean>) {
  const minute = sql`date_trunc('minute', clock_timestamp(), 'UTC')`;
  // Every counted request runs it: parsed and planned once per connection.
  return prepared(sql<{ id: string; key_hash: string; enabled: boolean } & RateLimitDecision>`
    WITH counted AS (
      UPDATE api_keys AS a
      SET (request_count, window_started_at) = (
        SELECT CASE WHEN a.window_started_at >= w.minute THEN a.request_count + 1 ELSE 1 END,
               GREATEST(a.window_started_at, w.minute)
        FROM (SELECT ${minute} AS minute) AS w
      )
      WHERE ${which} AND ${count}
        AND CASE WHEN a.window_started_at >= ${minute} THEN a.request_count + 1 ELSE 1 END <= a.limit_per_minute
      RETURNING a.request_count, a.window_started_at, clock_timestamp() AS now,
                set_config('synchronous_commit', 'off', true) AS async_commit
    )
    SELECT a.id, a.key_hash, a.enabled, a.limit_per_minute AS "limitPerMinute",
           c.request_count IS NOT NULL AS allowed,
           COALESCE(c.request_count, GREATEST(
             CASE WHEN a.window_started_at >= n.minute THEN a.request_count + 1 ELSE 1 END,
             a.limit_per_minute + 1)) AS "requestCount",
           extract(epoch FROM COALESCE(c.window_started_at, GREATEST(a.window_started_at, n.minute)))::float8
             AS "windowStart",
           extract(epoch FROM COALESCE(c.now, n.now))::float8 AS "now"
    FROM api_keys AS a
    LEFT JOIN counted AS c ON true
    CROSS JOIN LATERAL (
      SELECT now.now, date_trunc('minute', now.now, 'UTC') AS minute FROM (SELECT clock_timestamp() AS now) AS now
    ) AS n
    WHERE ${which}`);
}

const decisionOf = (row: RateLimitDecision): RateLimitDecision => ({
  allowed: row.allowed,
  requestCount: row.requestCount,
  limitPerMinute: row.limitPerMinute,
  windowStart: row.windowStart,
  now: row.now,
});

/**
 * Takes one request from the allowance of the key with this id, in one autocommitted statement
 * (see {@link countedKeySql}); a refused request changes nothing. Exact under concurrency, also
 * across processes (the window comes from the database clock). Undefined when no key has this id.
 * Pass the pool, not a transaction: inside one the row lock would last until its end.
 */
export async function takeRateLimitToken(db: Db, keyId: string): Promise<RateLimitDecision | undefined> {
  const { rows } = await countedKeySql(sql`a.id = ${keyId}`, sql`true`).execute(db);
  return rows[0] && decisionOf(rows[0]);
}

/** The key row found by {@link authenticateAndCount}, and the rate limiter's decision when it counted. */
export interface KeyAndDecision {
  key: { id: string; key_hash: string; enabled: boolean };
  /** Present when the key is enabled (a disabled key is not counted). */
  decision?: RateLimitDecision;
}

/**
 * The key with this SHA-256 hex digest and, when it is enabled, one request taken from its
 * allowance as {@link takeRateLimitToken} does: authentication and rate limit in one round trip
 * and one autocommitted statement. Undefined when no key has this digest.
 */
export async function authenticateAndCount(db: Db, keyHash: string): Promise<KeyAndDecision | undefined> {
  const { rows } = await countedKeySql(sql`a.key_hash = ${keyHash}`, sql`a.enabled`).execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const key = { id: row.id, key_hash: row.key_hash, enabled: row.enabled };
  return row.enabled ? { key, decision: decisionOf(row) } : { key };
}
