import { createHash } from "node:crypto";
import { CpvLookupQuery, type CpvSuggestionList } from "@tender/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { chooseLabelLanguage } from "../cpv/label-language.js";
import { suggestCpv } from "../cpv/suggest-cpv.js";
import type { Deps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { createPerMinuteCounter } from "../middleware/rate-limit/per-minute-counter.js";
import { rateLimitHeaders } from "../middleware/rate-limit/rate-limit-headers.js";
import { parseSingleValuedQuery } from "../query/parse-single-valued-query.js";

/** CPV_LOOKUPS_PER_MINUTE when the configuration does not say. */
export const DEFAULT_CPV_LOOKUPS_PER_MINUTE = 600;
// Answers kept in memory, the oldest dropped first: typing repeats the same prefixes all day.
const MEMO_ENTRIES = 2000;
// The vocabulary changes only with a new release of the service, which changes the ETag.
const CACHE_CONTROL = "private, max-age=86400";

const TOO_MANY_LOOKUPS =
  "This API key looked up CPV codes too often in this minute; retry after Retry-After seconds. The allowance of Search and Ask is not affected.";

interface Answer {
  body: string;
  etag: string;
}

/**
 * `GET /cpv?q=…&lang=…&limit=…` (mounted under `/api/v1`, docs/api.md#cpv-vocabulary): the CPV codes
 * whose code or label matches what was typed, for autocomplete. Needs a key, but not its allowance:
 * look-ups have a bound of their own per key (CPV_LOOKUPS_PER_MINUTE, counted in this process), so
 * typing never uses up Search. Query parsing is strict (an unknown parameter is a
 * `validation_error`). Answers are kept in memory and carry an `ETag` (a matching `If-None-Match`
 * gets 304) and `Cache-Control`, so a browser asks once per prefix.
 */
export function cpvRoute(deps: Pick<Deps, "db" | "config" | "metrics">): Hono<AppEnv> {
  const lookups = createPerMinuteCounter(deps.config.cpvLookupsPerMinute ?? DEFAULT_CPV_LOOKUPS_PER_MINUTE);
  const memo = new Map<string, Answer>();
  const answer = (q: string, lang: ReturnType<typeof chooseLabelLanguage>, limit: number): Answer => {
    const key = `${lang.tag}\u0000${limit}\u0000${q}`;
    let found = memo.get(key);
    if (!found) {
      const list: CpvSuggestionList = { lang: lang.tag, items: suggestCpv(q, lang.cpv, limit) };
      const body = JSON.stringify(list);
      found = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
      if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
      memo.set(key, found);
    }
    return found;
  };
  return new Hono<AppEnv>().get("/cpv", apiKeyAuth(deps), async (c) => {
    const search = new URL(c.req.url).searchParams;
    const query = parseSingleValuedQuery(search, CpvLookupQuery, { maxParameters: 10 });
    const lang = chooseLabelLanguage(search, c.req.header("accept-language"));
    const decision = lookups.take((c.get("apiKey") as { id: string }).id);
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      deps.metrics?.rateLimitRefused();
      throw new ApiError("rate_limit_exceeded", TOO_MANY_LOOKUPS, { headers });
    }
    const { body, etag } = answer(query.q, lang, query.limit);
    const caching = {
      ...headers,
      etag,
      "cache-control": CACHE_CONTROL,
      "content-language": lang.tag,
      vary: "Accept-Language",
    };
    if (
      c.req
        .header("if-none-match")
        ?.split(",")
        .some((tag) => tag.trim() === etag)
    ) {
      return c.body(null, 304, caching);
    }
    return c.body(body, 200, { ...caching, "content-type": "application/json" });
  });
}
