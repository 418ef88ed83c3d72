import { TenderFilters, TenderListPaging, toValidationIssues, type ValidationIssue } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { LANG_PARAMETER } from "../cpv/label-language.js";
import { ApiError } from "../errors/api-error.js";

/** Query parameters naming one value of a list filter, repeated for more (docs/api.md#browsing). */
const LIST_PARAMETERS: Record<string, string> = {
  source: "sources",
  country: "countries",
  cpv: "cpv",
  tender_id: "tender_ids",
  kind: "kinds",
};
// Browse only: paging, and the range of contract ends (expiring contracts), which no other filter use has.
const PAGING = new Set(["sort", "limit", "cursor", "contract_end_from", "contract_end_to"]);
const SINGLE_FILTERS = new Set([
  "buyer",
  "currency",
  "amount_min",
  "amount_max",
  "published_from",
  "published_to",
  "deadline_from",
  "deadline_to",
  "open",
  "current",
]);
// Far above any valid query (5 lists of at most 6 to 100 values and 14 single values).
const MAX_PARAMETERS = 300;

export interface BrowseQuery {
  filters: TenderFilters;
  paging: TenderListPaging;
}

/**
 * The filters (and, with `paging`, sort, limit and cursor) of a browsing request's query string,
 * validated by the same contracts as Search's `filters`. Every problem is one `details` entry
 * named after its query parameter (`/country/1`); a single-valued parameter given twice, an
 * unknown one, or more than 300 parameters are problems too.
 */
export function parseBrowseQuery(search: URLSearchParams, paging: boolean): BrowseQuery {
  const entries = [...search.entries()];
  if (entries.length > MAX_PARAMETERS) {
    throw invalid([{ path: "/", message: `At most ${MAX_PARAMETERS} query parameters are accepted` }]);
  }
  const filters: Record<string, unknown> = {};
  const page: Record<string, unknown> = {};
  const problems: ValidationIssue[] = [];
  for (const [name, value] of entries) {
    // The labels' language is read by `labelLanguage`, on the routes that show CPV codes.
    if (name === LANG_PARAMETER) continue;
    // Own keys only: `__proto__` or `constructor` must not find Object.prototype members.
    const list = Object.hasOwn(LIST_PARAMETERS, name) ? LIST_PARAMETERS[name] : undefined;
    if (list !== undefined) {
      filters[list] = [...((filters[list] as string[] | undefined) ?? []), value];
      continue;
    }
    const target = paging && PAGING.has(name) ? page : SINGLE_FILTERS.has(name) ? filters : undefined;
    if (target === undefined) {
      problems.push({ path: `/${name}`, message: "Unknown field is not allowed" });
      continue;
    }
    if (Object.hasOwn(target, name)) {
      if (!problems.some((p) => p.path === `/${name}`))
        problems.push({ path: `/${name}`, message: "Must be given once" });
      continue;
    }
    target[name] = typed(name, value);
  }
  const parsedFilters = v.safeParse(TenderFilters, filters);
  const parsedPage = v.safeParse(TenderListPaging, page);
  const { contract_end_from: endFrom, contract_end_to: endTo } = parsedPage.success ? parsedPage.output : {};
  if (endFrom !== undefined && endTo !== undefined && endTo < endFrom) {
    problems.push({ path: "/contract_end_to", message: "Must not be earlier than contract_end_from" });
  }
  const issues = [
    ...problems,
    ...(parsedFilters.success ? [] : toValidationIssues(parsedFilters.issues).map(renamed)),
    ...(parsedPage.success ? [] : toValidationIssues(parsedPage.issues)),
  ];
  if (!parsedFilters.success || !parsedPage.success || issues.length > 0) throw invalid(issues);
  return { filters: parsedFilters.output, paging: parsedPage.output };
}

/** `open`, `current` and `limit` arrive as text: read them as the JSON values the contracts expect. */
function typed(name: string, value: string): unknown {
  if (name === "open" || name === "current")
    return value === "true" ? true : value === "false" ? false : value;
  if (name === "limit") return /^\d{1,4}$/.test(value) ? Number(value) : value;
  return value;
}

const PARAMETER_OF = Object.fromEntries(
  Object.entries(LIST_PARAMETERS).map(([param, list]) => [list, param]),
);

/** `/countries/1` → `/country/1`: the path names the query parameter the client wrote. */
function renamed(issue: ValidationIssue): ValidationIssue {
  const [, first = "", ...rest] = issue.path.split("/");
  const name = Object.hasOwn(PARAMETER_OF, first) ? (PARAMETER_OF[first] as string) : first;
  return { ...issue, path: ["", name, ...rest].join("/") };
}

function invalid(details: ValidationIssue[]): ApiError {
  return new ApiError("validation_error", "The query parameters are not valid; see details.", { details });
}

/** Middleware: the parsed query as `browse` (a `validation_error` before the rate limit counts it). */
export function browseQuery(
  paging: boolean,
): MiddlewareHandler<AppEnv & { Variables: { browse: BrowseQuery } }> {
  return async (c, next) => {
    c.set("browse", parseBrowseQuery(new URL(c.req.url).searchParams, paging));
    await next();
  };
}
