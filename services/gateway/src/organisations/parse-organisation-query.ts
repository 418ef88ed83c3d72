import { OrganisationListQuery, toValidationIssues } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { invalidQuery, singleParameters } from "../query/single-parameters.js";

// Far above any valid query (five parameters).
const MAX_PARAMETERS = 20;

/**
 * `q`, `role`, `country`, `limit` and `cursor` of `GET /organisations` (docs/api.md#organisations),
 * each at most once; anything else is a problem named after its parameter.
 */
export function parseOrganisationQuery(search: URLSearchParams): OrganisationListQuery {
  const parsed = v.safeParse(OrganisationListQuery, singleParameters(search, MAX_PARAMETERS));
  if (!parsed.success) throw invalidQuery(toValidationIssues(parsed.issues));
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
