import type { OrganisationNoticeRef } from "@tender/contracts";
import { UserText } from "../components/user-text.js";
import { sourceName } from "../format.js";
import { tenderHref } from "../router.js";

/**
 * The notice a name or an award came from: its source and the source's id, linked to the
 * notice's page. Anyone can publish a notice naming any organisation, so the page says whose.
 */
export function NoticeSource({ notice }: { notice: OrganisationNoticeRef | null }) {
  if (notice === null) return <span class="muted">notice not recorded</span>;
  return (
    <>
      {sourceName(notice.source)} notice{" "}
      <a href={tenderHref(notice.tender_id)} class="notice-source">
        <UserText text={notice.external_id} />
      </a>
    </>
  );
}
