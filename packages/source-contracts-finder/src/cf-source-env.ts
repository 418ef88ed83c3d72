import { envInt, envString, envUrl } from "@tender/config";
import { BusPrefixEnv, parseSourceDate, SyncHttpEnv } from "@tender/ingest";
import * as v from "valibot";

/**
 * The Contracts Finder source: `CF_BASE_URL` (https://www.contractsfinder.service.gov.uk),
 * `CF_STAGES` (tender), `CF_PUBLISHED_FROM` (optional ISO date or date-time where the very first
 * pass starts; default seven days back), `CF_PAGE_SIZE` (100).
 */
export const CfSourceEnv = v.object({
  CF_BASE_URL: envUrl({
    protocols: ["http", "https"],
    default: "https://www.contractsfinder.service.gov.uk",
  }),
  CF_STAGES: envString({ default: "tender" }),
  CF_PUBLISHED_FROM: v.pipe(
    envString({ optional: true }),
    v.check(
      (text) => text === undefined || parseSourceDate(text) !== null,
      "expected an ISO date or date-time, e.g. 2026-08-01 or 2026-08-01T00:00:00",
    ),
  ),
  CF_PAGE_SIZE: envInt({ min: 1, max: 100, default: 100 }),
});
export type CfSourceEnv = v.InferOutput<typeof CfSourceEnv>;

/** What a Contracts Finder sync needs besides the database (`tender sync --source contracts_finder`). */
export const CfSyncEnv = v.intersect([BusPrefixEnv, SyncHttpEnv, CfSourceEnv]);
export type CfSyncEnv = v.InferOutput<typeof CfSyncEnv>;
