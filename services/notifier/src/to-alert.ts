import type { AlertV1 } from "@tender/contracts";
import type { ClaimedDelivery } from "@tender/db";

/** The webhook body of a claimed delivery: its match, as `Match` shows it, and its saved search. */
export function toAlert(delivery: ClaimedDelivery): AlertV1 {
  const { alert_id, tender, score, snippet, attachment, matched_at } = delivery.match;
  return {
    schema_version: 1,
    alert_id,
    saved_search: delivery.savedSearch,
    tender,
    score,
    snippet,
    attachment,
    matched_at,
  };
}
