import type { SavedSearch, SavedSearchMatchList } from "@tender/contracts";
import { withCpvLabels } from "@tender/cpv";
import { findSavedSearch, listEmailChannels, listSavedSearchMatches, replaceFeedToken } from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { cursorSecretCache } from "../browse/cursor-secret-cache.js";
import { decodeCursor, encodeCursor } from "../browse/tender-cursor.js";
import { labelLanguage } from "../cpv/label-language.js";
import type { Deps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import { newFeedToken } from "../saved-searches/feed-token.js";
import { matchPagingQuery } from "../saved-searches/parse-match-paging.js";
import { savedSearchIdParam, savedSearchNotFound } from "../saved-searches/saved-search-id.js";
import { keyId, toSavedSearch } from "../saved-searches/to-saved-search.js";

/**
 * `GET /saved-searches/{id}/matches` (newest first, keyset pages under a signed cursor bound to
 * the saved search) and `POST /saved-searches/{id}/feed-token` (a new feed token; the old one
 * stops working at once), mounted under `/api/v1`, counted in the key's allowance.
 */
export function savedSearchMatchesRoute(deps: Pick<Deps, "db" | "config">): Hono<AppEnv> {
  const cursorSecret = cursorSecretCache(deps.db);
  return new Hono<AppEnv>()
    .get(
      "/saved-searches/:id/matches",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      savedSearchIdParam(),
      matchPagingQuery(),
      labelLanguage(),
      rateLimit(deps),
      async (c) => {
        const id = c.get("savedSearchId");
        const paging = c.get("matchPaging");
        if (!(await findSavedSearch(deps.db, keyId(c), id))) throw savedSearchNotFound();
        const scope = { sort: "matches" as const, filters: id };
        const secret = await cursorSecret();
        const after = paging.cursor === undefined ? undefined : decodeCursor(secret, scope, paging.cursor);
        if (after === null || after?.key === null) {
          throw new ApiError("validation_error", "The query parameters are not valid; see details.", {
            details: [
              { path: "/cursor", message: "Is not a cursor this server issued for this saved search" },
            ],
          });
        }
        const rows = await listSavedSearchMatches(deps.db, id, {
          limit: paging.limit + 1,
          ...(after ? { after: { key: after.key as string, id: after.id } } : {}),
        });
        const page = rows.slice(0, paging.limit);
        const last = page.at(-1);
        const next = rows.length > paging.limit && last ? encodeCursor(secret, scope, last.position) : null;
        return c.json({
          items: page.map(({ position: _position, ...match }) => ({
            ...match,
            tender: withCpvLabels(match.tender, c.get("labelLanguage").cpv),
          })),
          next_cursor: next,
        } satisfies SavedSearchMatchList);
      },
    )
    .post(
      "/saved-searches/:id/feed-token",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      savedSearchIdParam(),
      rateLimit(deps),
      async (c) => {
        const key = deps.config.savedSearches.webhookSecretKey;
        const feed = newFeedToken(c.get("savedSearchId"), key);
        const updated = await replaceFeedToken(deps.db, keyId(c), c.get("savedSearchId"), feed);
        if (!updated) throw savedSearchNotFound();
        const [email] = await listEmailChannels(deps.db, [updated.id]);
        return c.json(toSavedSearch(updated, key, feed.url, email) satisfies SavedSearch);
      },
    );
}
