import { findSavedSearchByFeedToken, listSavedSearchMatches } from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { chooseLabelLanguage } from "../cpv/label-language.js";
import type { Deps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { createPerMinuteCounter } from "../middleware/rate-limit/per-minute-counter.js";
import { rateLimitHeaders } from "../middleware/rate-limit/rate-limit-headers.js";
import { publicUrl } from "../public-url.js";
import { renderAtomFeed } from "../saved-searches/atom-feed.js";
import { hashFeedToken, isFeedTokenShape } from "../saved-searches/feed-token.js";

/** How many matches a feed shows (docs/api.md#atom-feeds). */
export const FEED_ENTRIES = 50;

const TOO_MANY_READS =
  "This feed was read too often in this minute; retry after Retry-After seconds. The API key's own allowance is not affected.";

const noFeed = () => new ApiError("not_found", "No feed has this address.");

/**
 * `GET /feeds/{token}` (mounted under `/api/v1`): the Atom feed of a saved search's latest 50
 * matches, without an API key (feed readers cannot send one): the token is the credential. Reads
 * have their own bound per feed (FEED_READS_PER_MINUTE, counted in this process), never the owning
 * key's allowance: whoever holds a feed address cannot make the owner's Search answer 429. An
 * unknown token, or one whose key is disabled, is `not_found`. The `self` link is built on
 * PUBLIC_BASE_URL when it is set. CPV labels follow `lang` or `Accept-Language` (docs/api.md#cpv-labels).
 */
export function feedRoute(deps: Pick<Deps, "db" | "metrics" | "config">): Hono<AppEnv> {
  const reads = createPerMinuteCounter(deps.config.feedReadsPerMinute);
  return new Hono<AppEnv>().get("/feeds/:token", async (c) => {
    const token = c.req.param("token");
    const lang = chooseLabelLanguage(new URL(c.req.url).searchParams, c.req.header("accept-language"));
    if (!isFeedTokenShape(token)) throw noFeed();
    const saved = await findSavedSearchByFeedToken(deps.db, hashFeedToken(token));
    if (!saved) throw noFeed();
    const decision = reads.take(saved.id);
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      deps.metrics?.rateLimitRefused();
      throw new ApiError("rate_limit_exceeded", TOO_MANY_READS, { headers });
    }
    const matches = await listSavedSearchMatches(deps.db, saved.id, { limit: FEED_ENTRIES });
    const selfUrl = publicUrl(deps.config.publicBaseUrl, c.req.url);
    const xml = renderAtomFeed({ savedSearch: saved, matches, selfUrl, labelLanguage: lang.cpv });
    return c.body(xml, 200, {
      ...headers,
      "content-type": "application/atom+xml; charset=utf-8",
      "content-language": lang.tag,
      vary: "Accept-Language",
    });
  });
}
