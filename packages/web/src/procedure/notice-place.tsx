import type { TenderSummary } from "@tender/contracts";
import { kindName } from "../format.js";
import { APP_BASE } from "../router.js";

/**
 * A notice's place in its procedure, in a result list: its kind unless it is a call for
 * competition (what a list holds by default), and a link to the notice that replaced it.
 */
export function NoticePlace({ tender }: { tender: TenderSummary }) {
  const replaced = tender.superseded_by !== null;
  if (tender.kind === "competition" && !replaced) return null;
  return (
    <p class="notice-place small">
      {tender.kind !== "competition" && <span class="kind">{kindName(tender.kind)}</span>}
      {replaced && (
        <a class="replaced-link" href={`${APP_BASE}tenders/${tender.superseded_by}`}>
          Replaced by a later notice
        </a>
      )}
    </p>
  );
}
