import { toValidationIssues, Uuid } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { ApiError } from "../errors/api-error.js";

/**
 * The `{id}` of a path as a UUID; anything else is `validation_error` "The <what> id must be a
 * UUID.", its problems at `/id`.
 */
export function parseIdParam(text: string | undefined, what: string): string {
  const parsed = v.safeParse(Uuid, text);
  if (parsed.success) return parsed.output;
  const details = toValidationIssues(parsed.issues).map((issue) => ({ ...issue, path: "/id" }));
  throw new ApiError("validation_error", `The ${what} id must be a UUID.`, { details });
}

/** Middleware: refuses a `{id}` that is not a UUID (`parseIdParam`), before the rate limit counts the request. */
export function validIdParam(what: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    parseIdParam(c.req.param("id"), what);
    await next();
  };
}
