import type { TenderDetails } from "@tender/contracts";
import { UserText } from "../components/user-text.js";
import { formatDate, kindName } from "../format.js";
import { APP_BASE } from "../router.js";

/**
 * On the page of a notice a later one replaced: says so first, with a link to that notice, so
 * no one bids on a deadline or amount that no longer holds.
 */
export function ReplacedNote({ tender }: { tender: TenderDetails }) {
  if (tender.superseded_by === null) return null;
  const successor = tender.procedure?.notices.find((n) => n.id === tender.superseded_by) ?? null;
  return (
    <div class="notice notice-warning replaced-note">
      <p>
        <strong>A later notice replaced this one.</strong>{" "}
        <a href={`${APP_BASE}tenders/${tender.superseded_by}`}>
          {successor ? (
            <>
              Read notice <UserText text={successor.external_id} /> ({kindName(successor.kind)},{" "}
              {formatDate(successor.published_at)})
            </>
          ) : (
            "Read the later notice"
          )}
        </a>
      </p>
    </div>
  );
}
