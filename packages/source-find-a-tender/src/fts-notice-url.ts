import { type OcdsRelease, ocdsReleaseNoticeUrl } from "@tender/ingest";

/** Where Find a Tender shows a notice to people: `/Notice/<notice id>`, e.g. `/Notice/051000-2026`. */
export const FTS_NOTICE_BASE = "https://www.find-tender.service.gov.uk/Notice/";
const NOTICE_ID = /^\d{6}-\d{4}$/;

/**
 * The release's public notice page: the notice page of its release `id` (Find a Tender's ids are
 * the numbers of its notices, such as `051000-2026`: each release is a notice of its own, and an
 * award release may still list its call's `tenderNotice`); else the notice page its documents
 * list (`ocdsReleaseNoticeUrl`).
 */
export function ftsNoticeUrl(release: OcdsRelease): string | null {
  const id = release.id?.trim() ?? "";
  return NOTICE_ID.test(id) ? `${FTS_NOTICE_BASE}${id}` : ocdsReleaseNoticeUrl(release);
}
