import * as v from "valibot";
import { UtcTimestamp } from "../primitives/utc-timestamp.js";
import { Uuid } from "../primitives/uuid.js";

/** The fields every event starts with: version 1, its own id (the `Nats-Msg-Id`), when it happened. */
export const EVENT_HEADER_FIELDS = {
  schema_version: v.pipe(v.literal(1, "Must be 1"), v.metadata({ type: "integer" })),
  event_id: Uuid,
  occurred_at: UtcTimestamp,
} as const;
