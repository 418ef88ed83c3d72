import { type OcdsRelease, ocdsReleaseNoticeUrl } from "@tender/ingest";

/** Where Contracts Finder shows a notice to people: `/Notice/<notice uuid>`. */
export const CF_NOTICE_BASE = "https://www.contractsfinder.service.gov.uk/Notice/";
// Contracts Finder's release ids are `<notice uuid>-<n>`, its notice pages `/Notice/<notice uuid>`.
const RELEASE_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d{1,12}$/i;

/**
 * The release's public notice page: the one its documents list (`ocdsReleaseNoticeUrl`: the
 * notice of its latest stage, a `tenderNotice` web page for calls), else the notice page of the
 * notice uuid its release `id` starts with.
 */
export function cfNoticeUrl(release: OcdsRelease): string | null {
  const listed = ocdsReleaseNoticeUrl(release);
  if (listed !== null) return listed;
  const uuid = RELEASE_ID.exec(release.id?.trim() ?? "")?.[1];
  return uuid === undefined ? null : `${CF_NOTICE_BASE}${uuid.toLowerCase()}`;
}
