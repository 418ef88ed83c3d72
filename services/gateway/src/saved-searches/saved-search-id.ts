import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { ApiError } from "../errors/api-error.js";
import { parseIdParam } from "../query/valid-id-param.js";

/** Another key's saved search looks exactly like one that does not exist. */
export function savedSearchNotFound(): ApiError {
  return new ApiError("not_found", "No saved search of this API key has this id.");
}

/** Middleware: the parsed `{id}` as `savedSearchId`, before the rate limit counts the request. */
export function savedSearchIdParam(): MiddlewareHandler<AppEnv & { Variables: { savedSearchId: string } }> {
  return async (c, next) => {
    c.set("savedSearchId", parseIdParam(c.req.param("id") ?? "", "saved search"));
    await next();
  };
}
