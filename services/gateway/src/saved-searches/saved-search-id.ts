import { toValidationIssues, Uuid } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { ApiError } from "../errors/api-error.js";

/** The `{id}` of a saved-search path: a malformed one is `validation_error`, as for tenders. */
function parseSavedSearchId(text: string): string {
  const parsed = v.safeParse(Uuid, text);
  if (parsed.success) return parsed.output;
  const details = toValidationIssues(parsed.issues).map((issue) => ({ ...issue, path: "/id" }));
  throw new ApiError("validation_error", "The saved search id must be a UUID.", { details });
}

/** Another key's saved search looks exactly like one that does not exist. */
export function savedSearchNotFound(): ApiError {
  return new ApiError("not_found", "No saved search of this API key has this id.");
}

/** Middleware: the parsed `{id}` as `savedSearchId`, before the rate limit counts the request. */
export function savedSearchIdParam(): MiddlewareHandler<AppEnv & { Variables: { savedSearchId: string } }> {
  return async (c, next) => {
    c.set("savedSearchId", parseSavedSearchId(c.req.param("id") ?? ""));
    await next();
  };
}
