import {
  LIST_FILTER_PARAMETERS,
  TENDER_FILTER_KEYS,
  TenderFilters,
  TenderListPaging,
  toValidationIssues,
  type ValidationIssue,
} from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { LANG_PARAMETER } from "../cpv/label-language.js";
import { invalidQuery as invalid } from "../query/single-parameters.js";

// Query parameters naming one value of a list filter (`country` → `countries`), repeated for more.
const LIST_PARAMETERS: Record<string, string> = Object.fromEntries(
  Object.entries(LIST_FILTER_PARAMETERS).map(([list, param]) => [param, list]),
);
// Browse only: paging, and the range of contract ends (expiring contracts), which no other filter use has.
const PAGING = new Set(Object.keys(TenderListPaging.entries));
const SINGLE_FILTERS = new Set<string>(
  TENDER_FILTER_KEYS.filter((key) => !Object.hasOwn(LIST_FILTER_PARAMETERS, key)),
);
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

// Parameters whose contract wants a boolean (`open`, `current`) or a whole number (`limit`),
// found by asking the contracts, so a new one is read right without a list here.
const BOOLEANS = new Set([...SINGLE_FILTERS].filter((name) => v.is(TenderFilters, { [name]: true })));
const NUMBERS = new Set([...PAGING].filter((name) => v.is(TenderListPaging, { [name]: 1 })));

/** Booleans and whole numbers arrive as text: read them as the JSON values the contracts expect. */
function typed(name: string, value: string): unknown {
  if (BOOLEANS.has(name)) return value === "true" ? true : value === "false" ? false : value;
  if (NUMBERS.has(name)) return /^\d{1,4}$/.test(value) ? Number(value) : value;
  return value;
}

const PARAMETER_OF: Record<string, string> = LIST_FILTER_PARAMETERS;

/** `/countries/1` → `/country/1`: the path names the query parameter the client wrote. */
function renamed(issue: ValidationIssue): ValidationIssue {
  const [, first = "", ...rest] = issue.path.split("/");
  const name = Object.hasOwn(PARAMETER_OF, first) ? (PARAMETER_OF[first] as string) : first;
  return { ...issue, path: ["", name, ...rest].join("/") };
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
