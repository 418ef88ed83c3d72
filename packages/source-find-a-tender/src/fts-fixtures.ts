import { join } from "node:path";
import { fileURLToPath } from "node:url";

// src (sources) and dist (built) are both one level below the package root.

/** The recorded Find a Tender data (tests, the demo's replay server); `packages/source-find-a-tender/fixtures/SOURCES.md` says what each file is. */
export const FTS_FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** The files under `FTS_FIXTURES_DIR`. */
export const FTS_FIXTURES = {
  tenderPage: "fts_ocds_release_package_tender_2026-05-30.json",
  lifecyclePage: "fts_ocds_release_package_2026-09-03_award_amendment_planning.json",
  awardRelease: "fts_ocds_release_award_contract_083650-2026.json",
} as const;

/** The absolute path of a recorded Find a Tender file, e.g. `ftsFixturePath(FTS_FIXTURES.tenderPage)`. */
export function ftsFixturePath(name: string): string {
  return join(FTS_FIXTURES_DIR, name);
}
