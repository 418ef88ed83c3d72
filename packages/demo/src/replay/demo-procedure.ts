import { join } from "node:path";
import { FTS_SOURCE_CODE } from "@tender/source-find-a-tender";
import { FTS_FIXTURES, ftsFixturePath } from "@tender/source-find-a-tender/fixtures";
import { FIXTURES_DIR } from "../repo-paths.js";

/** A notice of the demo's procedure that is published only once the one before it was alerted. */
export interface DemoProcedureStep {
  /** Its release id (the stored notice's `external_id`). */
  externalId: string;
  /** The `reason` of the follow-up it must bring. */
  reason: "changed" | "awarded";
  /** The release package it is served in (absolute path). */
  file: string;
}

/**
 * The procedure whose story the demo tells (`packages/demo/fixtures/SOURCES.md`): Wiltshire
 * Council's HC2645 on Find a Tender, ocid `ocds-h6vhtk-06f1a9`. Its call for competition is
 * served with the recorded pages; its change notice (the deadline moves a week) and then its
 * real contract award notice 083650-2026 are published one at a time, each after the alert of
 * the notice before it, so a saved search hears them as follow-ups (docs/events.md#follow-ups).
 * The call and the change were derived from the real award release; the award is real.
 */
export const DEMO_PROCEDURE = {
  source: FTS_SOURCE_CODE,
  ocid: "ocds-h6vhtk-06f1a9",
  call: { externalId: "083650-2026-demo-call", file: join(FIXTURES_DIR, "fts-demo-procedure-1-call.json") },
  later: [
    {
      externalId: "083650-2026-demo-change",
      reason: "changed",
      file: join(FIXTURES_DIR, "fts-demo-procedure-2-change.json"),
    },
    { externalId: "083650-2026", reason: "awarded", file: ftsFixturePath(FTS_FIXTURES.awardRelease) },
  ] satisfies readonly DemoProcedureStep[],
} as const;
