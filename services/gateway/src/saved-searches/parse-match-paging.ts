import { TenderListPaging } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { LANG_PARAMETER } from "../cpv/label-language.js";
import { parseSingleValuedQuery } from "../query/parse-single-valued-query.js";

const MatchPaging = v.strictObject({
  limit: TenderListPaging.entries.limit,
  cursor: TenderListPaging.entries.cursor,
});
export type MatchPaging = v.InferOutput<typeof MatchPaging>;

// Far above any valid query (two parameters).
const MAX_PARAMETERS = 20;

/** `limit` (1..100, default 20) and `cursor` of a matches page, as browsing reads them; nothing else but `lang` (read by `labelLanguage`). */
function parseMatchPaging(search: URLSearchParams): MatchPaging {
  return parseSingleValuedQuery(search, MatchPaging, {
    maxParameters: MAX_PARAMETERS,
    skip: [LANG_PARAMETER],
  });
}

/** Middleware: the parsed paging as `matchPaging` (a `validation_error` before the rate limit counts it). */
export function matchPagingQuery(): MiddlewareHandler<AppEnv & { Variables: { matchPaging: MatchPaging } }> {
  return async (c, next) => {
    c.set("matchPaging", parseMatchPaging(new URL(c.req.url).searchParams));
    await next();
  };
}
