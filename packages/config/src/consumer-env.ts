import * as v from "valibot";
import { envInt } from "./env-int.js";

/**
 * Workers that consume events: `MESSAGE_MAX_HANDLING_MS` (default 900000) bounds one attempt at
 * one message. Past it the consumer runner stops extending the message's ack timer and counts
 * the attempt as failed, so a hung dependency cannot hold a message forever.
 */
export const ConsumerEnv = v.object({
  MESSAGE_MAX_HANDLING_MS: envInt({ min: 1000, max: 86_400_000, default: 900_000 }),
});
export type ConsumerEnv = v.InferOutput<typeof ConsumerEnv>;
