import { defineOcdsSource, type OcdsRelease, ocdsReleaseNoticeUrl } from "@tender/ingest";
import { CF_FIXTURES, cfFixturePath } from "./cf-fixtures.js";

const NOTICE_BASE = "https://www.contractsfinder.service.gov.uk/Notice/";
// Contracts Finder's release ids are `<notice uuid>-<n>`, its notice pages `/Notice/<notice uuid>`.
const RELEASE_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d{1,12}$/i;

/**
 * The release's public notice page: the one its documents list (`ocdsReleaseNoticeUrl`: the
 * notice of its latest stage, a `tenderNotice` web page for calls), else the notice page of the
 * notice uuid its release `id` starts with.
 */
export function cfNoticeUrl(release: OcdsRelease): string | null {
  const uuid = RELEASE_ID.exec(release.id?.trim() ?? "")?.[1];
  return ocdsReleaseNoticeUrl(release) ?? (uuid === undefined ? null : `${NOTICE_BASE}${uuid.toLowerCase()}`);
}

/** The UK's Contracts Finder (its OCDS Search API), run by `ingest-source-b`; `CF_PUBLISHED_FROM` starts the very first pass. */
export const contractsFinderSource = defineOcdsSource({
  code: "contracts_finder",
  label: "Contracts Finder (UK)",
  service: "ingest-source-b",
  envPrefix: "CF",
  baseUrl: "https://www.contractsfinder.service.gov.uk",
  path: "Published/Notices/OCDS/Search",
  stages: "tender",
  window: { from: "publishedFrom" },
  // It answers 403 when it wants clients to slow down, and throttles eagerly: one request at a time.
  paging: { maxPageSize: 100, forbiddenCooldownMs: 60_000 },
  // It publishes UK notices only.
  fallbackCountry: "GB",
  noticeUrl: cfNoticeUrl,
  missingNoticeUrl: "no notice page among the release's documents and no notice uuid (<uuid>-<n>) in id",
  // Buyers' own e-tendering portals, often linked too, are the operator's choice (`DOWNLOAD_ALLOWED_HOSTS`).
  documentHosts: ["contractsfinder.service.gov.uk"],
  // Real captures; the last one is quarantined by the ingest on purpose.
  recordedPages: [
    cfFixturePath(CF_FIXTURES.searchTenderLimit2Page),
    cfFixturePath(CF_FIXTURES.searchTenderPage),
    cfFixturePath(CF_FIXTURES.documentsTrimmedRelease),
  ],
});
