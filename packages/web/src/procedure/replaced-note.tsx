import type { TenderDetails } from "@tender/contracts";
import { UserText } from "../components/user-text.js";
import { formatDate, kindName } from "../format.js";
import { APP_BASE } from "../router.js";
import { latestVersion } from "./latest-version.js";

/**
 * On the page of a notice a later one replaced: says so first, with a link to its latest version
 * (down a chain of changes), so no one bids on a deadline or amount that no longer holds.
 */
export function ReplacedNote({ tender }: { tender: TenderDetails }) {
  if (tender.superseded_by === null) return null;
  const latest = tender.procedure ? latestVersion(tender.procedure.notices, tender.id) : null;
  return (
    <div class="notice notice-warning replaced-note">
      <p>
        <strong>A later notice replaced this one.</strong>{" "}
        <a href={`${APP_BASE}tenders/${latest?.id ?? tender.superseded_by}`}>
          {latest ? (
            <>
              Read the latest version, notice <UserText text={latest.external_id} /> ({kindName(latest.kind)},{" "}
              {formatDate(latest.published_at)})
            </>
          ) : (
            "Read the later notice"
          )}
        </a>
      </p>
    </div>
  );
}
