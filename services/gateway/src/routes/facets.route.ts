import type { FacetsResponse } from "@tender/contracts";
import { countTenderFacets } from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { browseQuery } from "../browse/parse-browse-query.js";
import { labelLanguage } from "../cpv/label-language.js";
import { withDivisionLabels } from "../cpv/with-division-labels.js";
import { type Deps, readDbOf } from "../deps.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";

/**
 * `GET /facets` (mounted under `/api/v1`, docs/api.md#facets): key → query validation → rate limit
 * (the allowance of Search and Ask) → counts of the matching tenders per source, country, CPV
 * division (with its label in the language `labelLanguage` chose) and currency.
 */
export function facetsRoute(deps: Pick<Deps, "db" | "readDb">): Hono<AppEnv> {
  return new Hono<AppEnv>().get(
    "/facets",
    apiKeyAuth(deps, { countedByRateLimit: true }),
    browseQuery(false),
    labelLanguage(),
    rateLimit(deps),
    async (c) => {
      const counts = await countTenderFacets(readDbOf(deps), c.get("browse").filters, new Date());
      const cpv_divisions = withDivisionLabels(counts.cpv_divisions, c.get("labelLanguage").cpv);
      return c.json({ ...counts, cpv_divisions } satisfies FacetsResponse);
    },
  );
}
