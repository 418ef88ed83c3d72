import { findSavedSearchByFeedToken, listSavedSearchMatches, takeRateLimitToken } from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { Deps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { rateLimitHeaders } from "../middleware/rate-limit/rate-limit-headers.js";
import { renderAtomFeed } from "../saved-searches/atom-feed.js";
import { hashFeedToken, isFeedTokenShape } from "../saved-searches/feed-token.js";

/** How many matches a feed shows (docs/api.md#atom-feeds). */
export const FEED_ENTRIES = 50;

const noFeed = () => new ApiError("not_found", "No feed has this address.");

/**
 * `GET /feeds/{token}` (mounted under `/api/v1`): the Atom feed of a saved search's latest 50
 * matches, without an API key (feed readers cannot send one): the token is the credential. A
 * read is counted in the allowance of the key that owns the saved search, so a leaked feed
 * address cannot be used to load the server beyond what that key may; an unknown token, or one
 * whose key is disabled, is `not_found`.
 */
export function feedRoute(deps: Pick<Deps, "db" | "metrics">): Hono<AppEnv> {
  return new Hono<AppEnv>().get("/feeds/:token", async (c) => {
    const token = c.req.param("token");
    if (!isFeedTokenShape(token)) throw noFeed();
    const saved = await findSavedSearchByFeedToken(deps.db, hashFeedToken(token));
    if (!saved) throw noFeed();
    const decision = await takeRateLimitToken(deps.db, saved.api_key_id);
    if (!decision) throw noFeed();
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      deps.metrics?.rateLimitRefused();
      throw new ApiError("rate_limit_exceeded", undefined, { headers });
    }
    const matches = await listSavedSearchMatches(deps.db, saved.id, { limit: FEED_ENTRIES });
    const xml = renderAtomFeed({ savedSearch: saved, matches, selfUrl: c.req.url });
    return c.body(xml, 200, { ...headers, "content-type": "application/atom+xml; charset=utf-8" });
  });
}
