import { envInt, envString, envUrl } from "@tender/config";
import { parseSourceDate } from "@tender/ingest";
import * as v from "valibot";

/**
 * The Find a Tender source: `FTS_BASE_URL` (https://www.find-tender.service.gov.uk), `FTS_STAGES`
 * (planning,tender,award), `FTS_UPDATED_FROM` (optional ISO date or date-time where the very first pass starts;
 * default seven days back), `FTS_PAGE_SIZE` (100), `FTS_REQUESTS_PER_MINUTE` (30: the most
 * requests a minute, retries included).
 */
export const FtsSourceEnv = v.object({
  FTS_BASE_URL: envUrl({ protocols: ["http", "https"], default: "https://www.find-tender.service.gov.uk" }),
  // The API takes `planning,tender,award` (its documentation of ocdsReleasePackages): all three, so
  // a procedure's plans, call, changes and awards arrive, not the call alone.
  FTS_STAGES: envString({ default: "planning,tender,award" }),
  FTS_UPDATED_FROM: v.pipe(
    envString({ optional: true }),
    v.check(
      (text) => text === undefined || parseSourceDate(text) !== null,
      "expected an ISO date or date-time, e.g. 2026-08-01 or 2026-08-01T00:00:00",
    ),
  ),
  FTS_PAGE_SIZE: envInt({ min: 1, max: 100, default: 100 }),
  FTS_REQUESTS_PER_MINUTE: envInt({ min: 1, max: 600, default: 30 }),
});
export type FtsSourceEnv = v.InferOutput<typeof FtsSourceEnv>;
