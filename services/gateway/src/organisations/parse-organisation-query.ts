import { OrganisationListQuery, toValidationIssues, type ValidationIssue } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { ApiError } from "../errors/api-error.js";

// Far above any valid query (five parameters).
const MAX_PARAMETERS = 20;

const invalid = (details: ValidationIssue[]) =>
  new ApiError("validation_error", "The query parameters are not valid; see details.", { details });

/**
 * `q`, `role`, `country`, `limit` and `cursor` of `GET /organisations` (docs/api.md#organisations),
 * each at most once; anything else is a problem named after its parameter.
 */
export function parseOrganisationQuery(search: URLSearchParams): OrganisationListQuery {
  const entries = [...search.entries()];
  if (entries.length > MAX_PARAMETERS) {
    throw invalid([{ path: "/", message: `At most ${MAX_PARAMETERS} query parameters are accepted` }]);
  }
  const raw: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (Object.hasOwn(raw, name)) throw invalid([{ path: `/${name}`, message: "Must be given once" }]);
    raw[name] = name === "limit" && /^\d{1,4}$/.test(value) ? Number(value) : value;
  }
  const parsed = v.safeParse(OrganisationListQuery, raw);
  if (!parsed.success) throw invalid(toValidationIssues(parsed.issues));
  return parsed.output;
}

/** Middleware: the parsed query as `organisationQuery` (a `validation_error` before the rate limit counts it). */
export function organisationQuery(): MiddlewareHandler<
  AppEnv & { Variables: { organisationQuery: OrganisationListQuery } }
> {
  return async (c, next) => {
    c.set("organisationQuery", parseOrganisationQuery(new URL(c.req.url).searchParams));
    await next();
  };
}
