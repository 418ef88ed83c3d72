import { type Expression, type RawBuilder, sql } from "kysely";

/** A backoff computed by the database: `firstMs` after the first failure, doubling, at most `maxMs`. */
export interface SqlBackoff {
  firstMs: number;
  maxMs: number;
}

/**
 * The backoff of `backoffDelayMs` (@tender/backoff, without jitter) as a SQL expression, for
 * queries that schedule the next try by the database's clock: milliseconds (float8) after
 * `failures` consecutive failures (1 = the first; zero or fewer count as the first), never above
 * `max(firstMs, maxMs)`. `failures` is usually a column, e.g. `sql.ref("attachments.download_failures")`.
 */
export function backoffDelayMsSql(failures: Expression<number>, backoff: SqlBackoff): RawBuilder<number> {
  // The exponent is capped so that power() stays finite; LEAST then applies the maximum.
  return sql<number>`LEAST(
    GREATEST(${backoff.firstMs}::float8, ${backoff.maxMs}::float8),
    ${backoff.firstMs}::float8 * power(2, LEAST(GREATEST(${failures} - 1, 0), 60))
  )`;
}
