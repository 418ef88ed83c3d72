import { type Kysely, sql } from "kysely";
import type { Database, Db } from "../database.js";

/** The key's counter after counting one request in the current UTC minute. */
export interface RateLimitCount {
  /** Requests counted in the window, this one included. */
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
 * Counts one request of the key in one statement under the row lock (spec 8.2): in the same
 * UTC minute of the database clock the count grows by one, in a later minute the window moves
 * there and the count restarts at 1. The window never moves back. `clock_timestamp()` is read
 * once, after the lock is granted (a waiting statement re-evaluates its row), so a request that
 * waited across a minute boundary is counted in the minute it was counted in. Undefined when no
 * key has this id. Run it in a transaction that is rolled back when the count is too high.
 */
export async function countRequest(db: Db, keyId: string): Promise<RateLimitCount | undefined> {
  const result = await sql<RateLimitCount>`
    UPDATE api_keys AS k
    SET (request_count, window_started_at) = (
      SELECT CASE WHEN k.window_started_at >= w.minute THEN k.request_count + 1 ELSE 1 END,
             GREATEST(k.window_started_at, w.minute)
      FROM (SELECT date_trunc('minute', clock_timestamp(), 'UTC') AS minute) AS w
    )
    WHERE k.id = ${keyId}
    RETURNING k.request_count AS "requestCount",
              k.limit_per_minute AS "limitPerMinute",
              extract(epoch FROM k.window_started_at)::float8 AS "windowStart",
              extract(epoch FROM clock_timestamp())::float8 AS "now"`.execute(db);
  return result.rows[0];
}

class OverLimit extends Error {
  constructor(readonly count: RateLimitCount) {
    super("rate limit exceeded");
  }
}

/**
 * Takes one request from the key's allowance: {@link countRequest} in a transaction of its own
 * that commits when the new count is within `limit_per_minute` and is rolled back otherwise, so
 * a refused request changes nothing. The row lock ends with this call; nothing else runs under
 * it. Exact under concurrency, also across processes (the window comes from the database clock).
 * Undefined when no key has this id.
 */
export async function takeRateLimitToken(
  db: Kysely<Database>,
  keyId: string,
): Promise<RateLimitDecision | undefined> {
  try {
    const count = await db.transaction().execute(async (trx) => {
      // Set before the lock is taken: the commit then does not wait for the WAL flush while
      // holding the row lock, which serializes every request of the key. A crash can lose the
      // last few counts of this minute, nothing more.
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      const counted = await countRequest(trx, keyId);
      if (counted && counted.requestCount > counted.limitPerMinute) throw new OverLimit(counted);
      return counted;
    });
    return count && { ...count, allowed: true };
  } catch (error) {
    if (error instanceof OverLimit) return { ...error.count, allowed: false };
    throw error;
  }
}
