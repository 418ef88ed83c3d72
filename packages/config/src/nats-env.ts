import * as v from "valibot";
import { envUrl } from "./env-url.js";

/** NATS server: `NATS_URL` (default nats://127.0.0.1:4222). */
export const NatsEnv = v.object({
  NATS_URL: envUrl({ protocols: ["nats", "tls", "ws", "wss"], default: "nats://127.0.0.1:4222" }),
});
export type NatsEnv = v.InferOutput<typeof NatsEnv>;
