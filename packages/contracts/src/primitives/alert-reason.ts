import * as v from "valibot";
import type { NoticeKind } from "./notice-kind.js";

/**
 * Why a saved search alerts (docs/events.md#follow-ups): `match` (the notice matches the query)
 * or a follow-up of a procedure it matched before: `changed` (a change notice or a contract
 * modification), `awarded` (a result), `cancelled`.
 */
export const ALERT_REASONS = ["match", "changed", "awarded", "cancelled"] as const;
export const AlertReason = v.picklist(ALERT_REASONS, `Must be one of: ${ALERT_REASONS.join(", ")}`);
export type AlertReason = v.InferOutput<typeof AlertReason>;

/** The follow-up reason of each kind of notice; planning and competition notices are no follow-ups. */
export const FOLLOW_UP_REASONS = {
  change: "changed",
  modification: "changed",
  result: "awarded",
  cancellation: "cancelled",
} as const satisfies Partial<Record<NoticeKind, Exclude<AlertReason, "match">>>;
