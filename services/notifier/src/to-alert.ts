import type { AlertV1 } from "@tender/contracts";
import { withCpvLabels } from "@tender/cpv";
import type { ClaimedDelivery } from "@tender/db";

/**
 * The webhook body of a claimed delivery: its match or follow-up (`reason`, and for a follow-up
 * its procedure, changes and awards), as `Match` shows it, and its saved search.
 */
export function toAlert(delivery: ClaimedDelivery): AlertV1 {
  const { alert_id, reason, tender, score, snippet, attachment, matched_at, procedure_id, changes, awards } =
    delivery.match;
  return {
    schema_version: 1,
    alert_id,
    reason,
    saved_search: delivery.savedSearch,
    tender: withCpvLabels(tender),
    score,
    snippet,
    attachment,
    matched_at,
    procedure_id,
    changes,
    awards,
  };
}
