import { join } from "node:path";
import { fileURLToPath } from "node:url";

// src (sources) and dist (built) are both one level below the package root.

/**
 * The recorded TED data, one copy for the whole repository (tests, the demo's replay server,
 * benchmarks): search pages and the two notice PDFs; `packages/source-ted/fixtures/SOURCES.md` says what each is.
 */
export const TED_FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** The files under `TED_FIXTURES_DIR`. */
export const TED_FIXTURES = {
  digitalCompetitionPage: "ted_v3_search_digital_competition_2026-05-30.json",
  itSoftwareSwedenPage: "ted_v3_search_it_software_sweden_2026-07-01.json",
  changeNoticePair: "ted_v3_search_change_notice_pair_657981-674231-2026.json",
  resultNotice291981: "ted_v3_result_notice_291981-2026_two-languages.json",
  noticePdf821062: "ted_notice_821062-2025_it.pdf",
  noticePdf821126: "ted_notice_821126-2025_it.pdf",
} as const;

/** The absolute path of a recorded TED file, e.g. `tedFixturePath(TED_FIXTURES.noticePdf821062)`. */
export function tedFixturePath(name: string): string {
  return join(TED_FIXTURES_DIR, name);
}
