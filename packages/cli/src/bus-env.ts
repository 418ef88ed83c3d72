import { envString, NatsEnv } from "@tender/config";
import * as v from "valibot";

/** What the event commands need: `NATS_URL` (default nats://127.0.0.1:4222) and `BUS_PREFIX` (default none). */
export const CliBusEnv = v.intersect([NatsEnv, v.object({ BUS_PREFIX: envString({ optional: true }) })]);
export type CliBusEnv = v.InferOutput<typeof CliBusEnv>;
