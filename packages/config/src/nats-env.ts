import * as v from "valibot";
import { envInt } from "./env-int.js";
import { envUrl } from "./env-url.js";

/**
 * NATS server: `NATS_URL` (default nats://127.0.0.1:4222) and `NATS_STREAM_REPLICAS` (default 1;
 * 3 on a three-node cluster): replicas of the streams and the object store bucket this process
 * creates. An existing stream is never lowered. `NATS_ACK_WAIT_MS` (default and at most 60000):
 * how long a consumer may hold a message without acknowledging it before NATS hands it to another
 * process; a crashed worker's messages come back after it. Handlers in progress extend it.
 */
export const NatsEnv = v.object({
  NATS_URL: envUrl({ protocols: ["nats", "tls", "ws", "wss"], default: "nats://127.0.0.1:4222" }),
  NATS_STREAM_REPLICAS: envInt({ min: 1, max: 5, default: 1 }),
  // At most the default: the indexer's sweep waits out the redelivery window of the default.
  NATS_ACK_WAIT_MS: envInt({ min: 1000, max: 60_000, default: 60_000 }),
});
export type NatsEnv = v.InferOutput<typeof NatsEnv>;
