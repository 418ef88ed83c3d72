import * as v from "valibot";
import { envInt } from "./env-int.js";
import { envUrl } from "./env-url.js";

/**
 * NATS server: `NATS_URL` (default nats://127.0.0.1:4222) and `NATS_STREAM_REPLICAS` (default 1;
 * 3 on a three-node cluster): replicas of the streams and the object store bucket this process
 * creates. An existing stream is never lowered.
 */
export const NatsEnv = v.object({
  NATS_URL: envUrl({ protocols: ["nats", "tls", "ws", "wss"], default: "nats://127.0.0.1:4222" }),
  NATS_STREAM_REPLICAS: envInt({ min: 1, max: 5, default: 1 }),
});
export type NatsEnv = v.InferOutput<typeof NatsEnv>;
