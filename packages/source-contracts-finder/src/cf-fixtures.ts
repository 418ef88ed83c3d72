import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The recorded Contracts Finder (and Find a Tender) data, one copy for the whole repository
 * (tests, the demo's replay server); `packages/source-contracts-finder/fixtures/SOURCES.md` says what
 * each file is. src (sources) and dist (built) are both one level below the package root.
 */
export const CF_FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** The files under `CF_FIXTURES_DIR`. */
export const CF_FIXTURES = {
  searchTenderPage: "cf_ocds_search_tender_2026-08-19.json",
  searchTenderLimit2Page: "cf_ocds_search_tender_limit2_2026-09-19.json",
  documentsTrimmedRelease: "cf_release_documents_attachments_trimmed_2026-09-19.json",
  livePaginationLinks: "cf_live_pagination_links_summary_2026-09-30.json",
  findATenderPackage: "fts_ocds_release_package_tender_2026-05-30.json",
  fictionalLifecycle: "FICTIONAL_ocds_1.1_lifecycle_ocds-213czf-000-00001.json",
} as const;

/** The absolute path of a recorded Contracts Finder file, e.g. `cfFixturePath(CF_FIXTURES.searchTenderPage)`. */
export const cfFixturePath = (name: string): string => join(CF_FIXTURES_DIR, name);
