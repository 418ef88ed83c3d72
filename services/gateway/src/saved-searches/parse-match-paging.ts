import { TenderListPaging, toValidationIssues } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { LANG_PARAMETER } from "../cpv/label-language.js";
import { ApiError } from "../errors/api-error.js";

const MatchPaging = v.strictObject({
  limit: TenderListPaging.entries.limit,
  cursor: TenderListPaging.entries.cursor,
});
export type MatchPaging = v.InferOutput<typeof MatchPaging>;

const invalid = (details: unknown) =>
  new ApiError("validation_error", "The query parameters are not valid; see details.", { details });

/** `limit` (1..100, default 20) and `cursor` of a matches page, as browsing reads them; nothing else but `lang` (read by `labelLanguage`). */
function parseMatchPaging(search: URLSearchParams): MatchPaging {
  const raw: Record<string, unknown> = {};
  for (const [name, value] of search.entries()) {
    if (name === LANG_PARAMETER) continue;
    if (Object.hasOwn(raw, name)) throw invalid([{ path: `/${name}`, message: "Must be given once" }]);
    raw[name] = name === "limit" && /^\d{1,4}$/.test(value) ? Number(value) : value;
  }
  const parsed = v.safeParse(MatchPaging, raw);
  if (!parsed.success) throw invalid(toValidationIssues(parsed.issues));
  return parsed.output;
}

/** Middleware: the parsed paging as `matchPaging` (a `validation_error` before the rate limit counts it). */
export function matchPagingQuery(): MiddlewareHandler<AppEnv & { Variables: { matchPaging: MatchPaging } }> {
  return async (c, next) => {
    c.set("matchPaging", parseMatchPaging(new URL(c.req.url).searchParams));
    await next();
  };
}
