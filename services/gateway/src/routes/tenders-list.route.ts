import type { TenderListResponse } from "@tender/contracts";
import { withCpvLabels } from "@tender/cpv";
import { listTenders } from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { cursorSecretCache } from "../browse/cursor-secret-cache.js";
import { filtersDigest } from "../browse/filters-digest.js";
import { browseQuery } from "../browse/parse-browse-query.js";
import { decodeCursor, encodeCursor } from "../browse/tender-cursor.js";
import { labelLanguage } from "../cpv/label-language.js";
import { type Deps, readDbOf } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";

/**
 * `GET /tenders` (mounted under `/api/v1`, docs/api.md#browsing): key → query validation → rate limit
 * (the allowance of Search and Ask) → one keyset page of the matching tenders (and, for expiring
 * contracts, of the result notices whose contract ends in `contract_end_from`..`contract_end_to`). The cursor is
 * signed with the database's cursor secret, read once and kept by this route.
 */
export function tendersListRoute(deps: Pick<Deps, "db" | "readDb">): Hono<AppEnv> {
  const cursorSecret = cursorSecretCache(deps.db);
  return new Hono<AppEnv>().get(
    "/tenders",
    apiKeyAuth(deps, { countedByRateLimit: true }),
    browseQuery(true),
    labelLanguage(),
    rateLimit(deps),
    async (c) => {
      const { filters, paging } = c.get("browse");
      const contractEnd = {
        ...(paging.contract_end_from === undefined ? {} : { from: paging.contract_end_from }),
        ...(paging.contract_end_to === undefined ? {} : { to: paging.contract_end_to }),
      };
      // The contract end range is part of the walk a cursor continues, as the filters are.
      const scope = { sort: paging.sort, filters: filtersDigest(filters, contractEnd) };
      const key = await cursorSecret();
      const after = paging.cursor === undefined ? undefined : decodeCursor(key, scope, paging.cursor);
      if (after === null) {
        throw new ApiError("validation_error", "The query parameters are not valid; see details.", {
          details: [
            {
              path: "/cursor",
              message: "Is not a cursor this server issued for this sort and these filters",
            },
          ],
        });
      }
      const rows = await listTenders(readDbOf(deps), {
        filters,
        sort: paging.sort,
        contractEnd,
        limit: paging.limit + 1,
        now: new Date(),
        ...(after ? { after } : {}),
      });
      const page = rows.slice(0, paging.limit);
      const last = page.at(-1);
      const next =
        rows.length > paging.limit && last
          ? encodeCursor(key, scope, { key: last.sort_key, id: last.id })
          : null;
      return c.json({
        items: page.map(({ sort_key: _key, ...tender }) => withCpvLabels(tender, c.get("labelLanguage").cpv)),
        next_cursor: next,
      } satisfies TenderListResponse);
    },
  );
}
