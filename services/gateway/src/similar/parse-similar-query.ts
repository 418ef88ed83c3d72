import { SimilarPaging, type TenderFilters, toValidationIssues } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { parseBrowseQuery } from "../browse/parse-browse-query.js";
import { ApiError } from "../errors/api-error.js";

export interface SimilarQuery {
  filters: TenderFilters;
  paging: SimilarPaging;
}

const PAGING = new Set(["limit", "cursor"]);

/**
 * The query of `GET /tenders/{id}/similar`: `limit` and `cursor`, and the browse filters read by
 * browsing's own parser (the same names, lists and problems).
 */
export function parseSimilarQuery(search: URLSearchParams): SimilarQuery {
  const rest = new URLSearchParams();
  const page: Record<string, unknown> = {};
  const problems: { path: string; message: string }[] = [];
  for (const [name, value] of search.entries()) {
    if (!PAGING.has(name)) rest.append(name, value);
    else if (Object.hasOwn(page, name)) problems.push({ path: `/${name}`, message: "Must be given once" });
    else page[name] = name === "limit" && /^\d{1,4}$/.test(value) ? Number(value) : value;
  }
  const parsed = v.safeParse(SimilarPaging, page);
  const issues = [...problems, ...(parsed.success ? [] : toValidationIssues(parsed.issues))];
  if (!parsed.success || issues.length > 0) {
    throw new ApiError("validation_error", "The query parameters are not valid; see details.", {
      details: issues,
    });
  }
  return { filters: parseBrowseQuery(rest, false).filters, paging: parsed.output };
}

/** Middleware: the parsed query as `similar` (a `validation_error` before the rate limit counts it). */
export function similarQuery(): MiddlewareHandler<AppEnv & { Variables: { similar: SimilarQuery } }> {
  return async (c, next) => {
    c.set("similar", parseSimilarQuery(new URL(c.req.url).searchParams));
    await next();
  };
}
