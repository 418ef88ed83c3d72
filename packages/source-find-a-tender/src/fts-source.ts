import { defineOcdsSource, type OcdsRelease, ocdsReleaseNoticeUrl } from "@tender/ingest";
import { FTS_FIXTURES, ftsFixturePath } from "./fts-fixtures.js";

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

/** The UK's Find a Tender (its OCDS release packages API), run by `ingest-source-c`; `FTS_UPDATED_FROM` starts the very first pass. */
export const findATenderSource = defineOcdsSource({
  code: "find_a_tender",
  label: "Find a Tender (UK)",
  service: "ingest-source-c",
  envPrefix: "FTS",
  baseUrl: "https://www.find-tender.service.gov.uk",
  path: "api/1.0/ocdsReleasePackages",
  // All three stages, so a procedure's plans, call, changes and awards arrive, not the call alone.
  stages: "planning,tender,award",
  // `updatedTo` is now, so a pass reads a fixed window; `links.next` keeps it and adds its `cursor`.
  window: { from: "updatedFrom", to: "updatedTo" },
  // One request at a time, at most `FTS_REQUESTS_PER_MINUTE` (retries included).
  paging: { maxPageSize: 100, requestsPerMinute: 30 },
  fallbackCountry: "GB",
  noticeUrl: ftsNoticeUrl,
  missingNoticeUrl: "no notice id (NNNNNN-YYYY) in id and no notice page among the release's documents",
  // Buyers' own e-tendering portals are the operator's choice (`DOWNLOAD_ALLOWED_HOSTS`).
  documentHosts: ["find-tender.service.gov.uk"],
  // Real captures: a tender page, then a page of later notices.
  recordedPages: [ftsFixturePath(FTS_FIXTURES.tenderPage), ftsFixturePath(FTS_FIXTURES.lifecyclePage)],
});
