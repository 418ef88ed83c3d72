import { OrganisationListQuery } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { parseSingleValuedQuery } from "../query/parse-single-valued-query.js";

// Far above any valid query (five parameters).
const MAX_PARAMETERS = 20;

/**
 * `q`, `role`, `country`, `limit` and `cursor` of `GET /organisations` (docs/api.md#organisations),
 * each at most once; anything else is a problem named after its parameter.
 */
export function parseOrganisationQuery(search: URLSearchParams): OrganisationListQuery {
  return parseSingleValuedQuery(search, OrganisationListQuery, { maxParameters: MAX_PARAMETERS });
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
