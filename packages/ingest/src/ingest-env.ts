import { DatabaseEnv, envInt, envString, LogEnv, NatsEnv, OutboxEnv, TracingEnv } from "@tender/config";
import { isHostEntry, parseHostList } from "@tender/egress";
import * as v from "valibot";

const BUS_PREFIX = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * `BUS_PREFIX` (optional): own stream and subject names (`busNames(prefix)`) for tests and demos;
 * unset means the production names.
 */
export const BusPrefixEnv = v.object({
  BUS_PREFIX: v.pipe(
    envString({ optional: true }),
    v.check(
      (prefix) => prefix === undefined || BUS_PREFIX.test(prefix),
      "expected 1 to 32 letters, digits, _ or -",
    ),
  ),
});
export type BusPrefixEnv = v.InferOutput<typeof BusPrefixEnv>;

/**
 * How a sync talks to its source API: `SYNC_ALLOWED_HOSTS` (comma list, `host:port` pins a port,
 * a bare host means the default port; default the host and port of the base URL),
 * `HTTP_TIMEOUT_MS` (30000), `HTTP_MAX_RESPONSE_BYTES` (20 MiB).
 */
export const SyncHttpEnv = v.object({
  SYNC_ALLOWED_HOSTS: v.pipe(
    envString({ optional: true }),
    v.check(
      (list) => list === undefined || parseHostList(list).every(isHostEntry),
      "expected a comma-separated list of host names or IP addresses, each with an optional :port",
    ),
  ),
  HTTP_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 30_000 }),
  HTTP_MAX_RESPONSE_BYTES: envInt({ min: 1024, max: 1024 * 1024 * 1024, default: 20 * 1024 * 1024 }),
});
export type SyncHttpEnv = v.InferOutput<typeof SyncHttpEnv>;

/** The ingest worker process: `SYNC_INTERVAL_MS` (900000) and `HEALTH_PORT` (9090). */
export const IngestWorkerEnv = v.object({
  SYNC_INTERVAL_MS: envInt({ min: 100, max: 7 * 24 * 3_600_000, default: 900_000 }),
  HEALTH_PORT: envInt({ min: 0, max: 65_535, default: 9090 }),
});
export type IngestWorkerEnv = v.InferOutput<typeof IngestWorkerEnv>;

/**
 * What every ingest service reads besides its source's variables: database, NATS, logging,
 * `BUS_PREFIX`, the sync's HTTP settings, the worker's interval and health port, and how long the
 * outbox keeps published events, and where traces go.
 */
export const IngestServiceEnv = v.intersect([
  DatabaseEnv,
  NatsEnv,
  LogEnv,
  BusPrefixEnv,
  SyncHttpEnv,
  IngestWorkerEnv,
  OutboxEnv,
  TracingEnv,
]);
export type IngestServiceEnv = v.InferOutput<typeof IngestServiceEnv>;
