import type { ProcedureNotice } from "@tender/contracts";

/**
 * The last version of a notice down its chain of replacements (`superseded_by`, then that
 * notice's, …) among a procedure's notices: what a bidder should read now. Null when the notice
 * is current or its successor is not among them; a loop (bad data) stops where it closes.
 */
export function latestVersion(notices: readonly ProcedureNotice[], id: string): ProcedureNotice | null {
  const byId = new Map(notices.map((n) => [n.id, n]));
  const seen = new Set([id]);
  let latest: ProcedureNotice | null = null;
  let next = byId.get(id)?.superseded_by ?? null;
  while (next !== null && !seen.has(next)) {
    const notice = byId.get(next);
    if (!notice) break;
    seen.add(next);
    latest = notice;
    next = notice.superseded_by;
  }
  return latest;
}
