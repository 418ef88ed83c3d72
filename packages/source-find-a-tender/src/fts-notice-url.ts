import { type OcdsRelease, ocdsNoticeUrl } from "@tender/ingest";

/** Where Find a Tender shows a notice to people: `/Notice/<notice id>`, e.g. `/Notice/051000-2026`. */
export const FTS_NOTICE_BASE = "https://www.find-tender.service.gov.uk/Notice/";
const NOTICE_ID = /^\d{6}-\d{4}$/;

/**
 * The release's public notice page: its `tenderNotice` document when it lists one, else the
 * notice page of its release `id` (Find a Tender's ids are notice numbers such as `051000-2026`;
 * most tender releases list no notice document).
 */
export function ftsNoticeUrl(release: OcdsRelease): string | null {
  const listed = ocdsNoticeUrl(release.tender?.documents ?? []);
  if (listed !== null) return listed;
  const id = release.id?.trim() ?? "";
  return NOTICE_ID.test(id) ? `${FTS_NOTICE_BASE}${id}` : null;
}
