import { envInt, envString, envUrl } from "@tender/config";
import { BusPrefixEnv, SyncHttpEnv } from "@tender/ingest";
import * as v from "valibot";
import { parseTedFields } from "./ted-fields.js";
import { DEFAULT_TED_LOOKBACK_DAYS } from "./ted-query.js";
import { DEFAULT_TED_QUERY } from "./ted-search-body.js";

/**
 * The TED source: `TED_BASE_URL` (https://api.ted.europa.eu), `TED_QUERY` (an expert query naming
 * the subject, by default competition, result and modification notices and their change notices,
 * `DEFAULT_TED_QUERY`; each pass adds its own publication-date bound
 * unless the query has one, see `tedPassQuery`), `TED_LOOKBACK_DAYS` (2: days the very first pass
 * looks back), `TED_PAGE_SIZE` (100, at most 250), `TED_FIELDS` (optional comma list overriding
 * the fields requested; the ones the mapper cannot do without are always added, see `tedFields`).
 */
export const TedSourceEnv = v.object({
  TED_BASE_URL: envUrl({ protocols: ["http", "https"], default: "https://api.ted.europa.eu" }),
  TED_QUERY: envString({ default: DEFAULT_TED_QUERY }),
  TED_LOOKBACK_DAYS: envInt({ min: 0, max: 3650, default: DEFAULT_TED_LOOKBACK_DAYS }),
  TED_PAGE_SIZE: envInt({ min: 1, max: 250, default: 100 }),
  TED_FIELDS: v.pipe(
    envString({ optional: true }),
    v.check(
      (text) => text === undefined || (parseTedFields(text)?.length ?? 0) > 0,
      "expected a comma list of TED field names, e.g. publication-number,notice-title,total-value",
    ),
  ),
});
export type TedSourceEnv = v.InferOutput<typeof TedSourceEnv>;

/** What a TED sync needs besides the database (`tender sync --source ted`). */
export const TedSyncEnv = v.intersect([BusPrefixEnv, SyncHttpEnv, TedSourceEnv]);
export type TedSyncEnv = v.InferOutput<typeof TedSyncEnv>;
