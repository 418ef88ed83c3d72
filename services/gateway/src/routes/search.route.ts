import { SearchRequest, type SearchResponse } from "@tender/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { askedLabelLanguage } from "../cpv/label-language.js";
import { labelSearchItems } from "../cpv/label-search-items.js";
import { type Deps, readDbOf } from "../deps.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { jsonBody } from "../middleware/body/json-body.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import { findFragments } from "../search/find-fragments.js";
import { withinDeadline } from "../search/within-deadline.js";

/**
 * `POST /search` (mounted under `/api/v1`): key → body → rate limit → the chunks closest to the
 * query (docs/api.md#search), within SEARCH_DEADLINE_MS; with `?lang=`, each with its tender's
 * CPV labels.
 */
export function searchRoute(deps: Pick<Deps, "db" | "readDb" | "ai" | "config" | "logger">): Hono<AppEnv> {
  return new Hono<AppEnv>().post(
    "/search",
    apiKeyAuth(deps, { countedByRateLimit: true }),
    jsonBody(SearchRequest),
    askedLabelLanguage(),
    rateLimit(deps),
    async (c) => {
      const { query, limit, filters, mode } = c.get("body");
      const items = await withinDeadline(deps.config.searchDeadlineMs, (deadline) =>
        findFragments(deps, query, limit, filters, deadline, mode),
      );
      const labelled = await labelSearchItems(readDbOf(deps), items, c.get("askedLabelLanguage"));
      return c.json({ query, items: labelled } satisfies SearchResponse);
    },
  );
}
