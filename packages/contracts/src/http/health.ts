import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";

/** `GET /health/live` → 200 `{"status":"ok"}`. */
export const HealthLive = v.strictObject({ status: v.literal("ok") }, objectMessage);
export type HealthLive = v.InferOutput<typeof HealthLive>;

const CheckState = v.picklist(["ok", "error"]);

/**
 * `GET /health/ready`: 200 with `ready`, or 503 with `unavailable` and the failing check `error`.
 * `database_read` is there only when the gateway reads from a replica (`DATABASE_READ_URL`).
 */
export const HealthReady = v.strictObject(
  {
    status: v.picklist(["ready", "unavailable"]),
    checks: v.strictObject(
      { database: CheckState, database_read: v.optional(CheckState), ai: CheckState },
      objectMessage,
    ),
  },
  objectMessage,
);
export type HealthReady = v.InferOutput<typeof HealthReady>;
