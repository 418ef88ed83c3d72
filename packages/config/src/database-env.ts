import * as v from "valibot";
import { envInt } from "./env-int.js";
import { envUrl } from "./env-url.js";

/** URL schemes node-postgres accepts. */
export const POSTGRES_PROTOCOLS = ["postgres", "postgresql"] as const;

/** A service's own defaults for the database timeouts. */
export interface DatabaseTimeoutDefaults {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

/**
 * Workers: a minute per statement is far above any query they run (a tender's chunk swap
 * included), and a transaction left idle that long is a bug holding locks.
 */
export const WORKER_DATABASE_TIMEOUTS: DatabaseTimeoutDefaults = Object.freeze({
  statementTimeoutMs: 60_000,
  idleInTransactionTimeoutMs: 60_000,
});

/**
 * PostgreSQL connection: `DATABASE_URL` (required), `DATABASE_POOL_MAX` (default 10), and the
 * server-side bounds every pooled connection gets, `DATABASE_STATEMENT_TIMEOUT_MS` and
 * `DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS` (defaults: the service's own). A query stuck behind
 * a lock, or a transaction its client forgot, is cancelled by the server instead of holding a
 * connection forever.
 */
export function databaseEnv(defaults: DatabaseTimeoutDefaults = WORKER_DATABASE_TIMEOUTS) {
  return v.object({
    DATABASE_URL: envUrl({ protocols: POSTGRES_PROTOCOLS }),
    DATABASE_POOL_MAX: envInt({ min: 1, max: 1000, default: 10 }),
    DATABASE_STATEMENT_TIMEOUT_MS: envInt({
      min: 100,
      max: 86_400_000,
      default: defaults.statementTimeoutMs,
    }),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: envInt({
      min: 100,
      max: 86_400_000,
      default: defaults.idleInTransactionTimeoutMs,
    }),
  });
}

/** {@link databaseEnv} with the workers' defaults. */
export const DatabaseEnv = databaseEnv();
export type DatabaseEnv = v.InferOutput<typeof DatabaseEnv>;
