import {
  AiEnv,
  ConsumerEnv,
  DatabaseEnv,
  envBool,
  envInt,
  envString,
  LogEnv,
  NatsEnv,
  TracingEnv,
  WebhookEnv,
} from "@tender/config";
import * as v from "valibot";

/**
 * The notifier's configuration: database, NATS, the consumer's limits, logging, AI provider (the
 * same embedding model as the indexer), the webhook settings shared with the gateway, and
 * `HEALTH_PORT` (9090), `BUS_PREFIX` (optional), `NOTIFY_CONCURRENCY` (2),
 * `WEBHOOK_ALLOW_PRIVATE_ADDRESSES` (false), `WEBHOOK_TIMEOUT_MS` (10000), within it
 * `WEBHOOK_CONNECT_TIMEOUT_MS` (3000) and `WEBHOOK_FIRST_BYTE_TIMEOUT_MS` (5000),
 * `WEBHOOK_CONCURRENCY` (8), `WEBHOOK_CONCURRENCY_PER_KEY` (2), `WEBHOOK_CONCURRENCY_PER_HOST` (2),
 * `WEBHOOK_POLL_INTERVAL_MS` (1000), `WEBHOOK_RETRY_FIRST_MS` (60000, doubling) and
 * `WEBHOOK_RETRY_WINDOW_MS` (86400000).
 */
export const Env = v.pipe(
  v.intersect([
    DatabaseEnv,
    NatsEnv,
    ConsumerEnv,
    LogEnv,
    AiEnv,
    WebhookEnv,
    TracingEnv,
    v.object({
      HEALTH_PORT: envInt({ min: 0, max: 65_535, default: 9090 }),
      BUS_PREFIX: envString({ optional: true }),
      NOTIFY_CONCURRENCY: envInt({ min: 1, max: 64, default: 2 }),
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: envBool({ default: false }),
      WEBHOOK_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 10_000 }),
      // Defaults (3000, 5000) in webhookTimeouts: no longer than WEBHOOK_TIMEOUT_MS when it is short.
      WEBHOOK_CONNECT_TIMEOUT_MS: envInt({ min: 100, max: 600_000, optional: true }),
      WEBHOOK_FIRST_BYTE_TIMEOUT_MS: envInt({ min: 100, max: 600_000, optional: true }),
      WEBHOOK_CONCURRENCY: envInt({ min: 1, max: 256, default: 8 }),
      WEBHOOK_CONCURRENCY_PER_KEY: envInt({ min: 1, max: 256, default: 2 }),
      WEBHOOK_CONCURRENCY_PER_HOST: envInt({ min: 1, max: 256, default: 2 }),
      WEBHOOK_POLL_INTERVAL_MS: envInt({ min: 10, max: 600_000, default: 1000 }),
      WEBHOOK_RETRY_FIRST_MS: envInt({ min: 10, max: 86_400_000, default: 60_000 }),
      WEBHOOK_RETRY_WINDOW_MS: envInt({ min: 0, max: 30 * 86_400_000, default: 86_400_000 }),
    }),
  ]),
  // The whole attempt's timeout bounds its parts: a longer part set on purpose is a mistake.
  v.forward(
    v.partialCheck(
      [["WEBHOOK_FIRST_BYTE_TIMEOUT_MS"], ["WEBHOOK_TIMEOUT_MS"]],
      (env) => (env.WEBHOOK_FIRST_BYTE_TIMEOUT_MS ?? 0) <= env.WEBHOOK_TIMEOUT_MS,
      "must not be longer than WEBHOOK_TIMEOUT_MS",
    ),
    ["WEBHOOK_FIRST_BYTE_TIMEOUT_MS"],
  ),
  v.forward(
    v.partialCheck(
      [["WEBHOOK_CONNECT_TIMEOUT_MS"], ["WEBHOOK_TIMEOUT_MS"]],
      (env) => (env.WEBHOOK_CONNECT_TIMEOUT_MS ?? 0) <= env.WEBHOOK_TIMEOUT_MS,
      "must not be longer than WEBHOOK_TIMEOUT_MS",
    ),
    ["WEBHOOK_CONNECT_TIMEOUT_MS"],
  ),
);
export type Env = v.InferOutput<typeof Env>;

/**
 * The parts of an attempt's timeout: connecting (default 3 s) and the first byte of the answer
 * (default 5 s), each no longer than the whole (`WEBHOOK_TIMEOUT_MS`), so a receiver that
 * accepts and never answers frees its slot before the whole timeout runs out.
 */
export function webhookTimeouts(env: Env): {
  timeoutMs: number;
  connectTimeoutMs: number;
  firstByteTimeoutMs: number;
} {
  const timeoutMs = env.WEBHOOK_TIMEOUT_MS;
  const firstByteTimeoutMs = env.WEBHOOK_FIRST_BYTE_TIMEOUT_MS ?? Math.min(5_000, timeoutMs);
  const connectTimeoutMs = env.WEBHOOK_CONNECT_TIMEOUT_MS ?? Math.min(3_000, firstByteTimeoutMs);
  return { timeoutMs, connectTimeoutMs, firstByteTimeoutMs };
}
