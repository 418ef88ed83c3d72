import * as v from "valibot";
import { envInt } from "./env-int.js";

/**
 * Services that relay their outbox to NATS: `OUTBOX_RETENTION_HOURS` (default 168, one week) is
 * how long published events stay in the outbox table (for tracing and replay) before the relay
 * deletes them.
 */
export const OutboxEnv = v.object({
  OUTBOX_RETENTION_HOURS: envInt({ min: 1, max: 8760, default: 168 }),
});
export type OutboxEnv = v.InferOutput<typeof OutboxEnv>;

/** `OUTBOX_RETENTION_HOURS` in milliseconds, as the relay takes it. */
export function outboxRetentionMs(env: OutboxEnv): number {
  return env.OUTBOX_RETENTION_HOURS * 3_600_000;
}
