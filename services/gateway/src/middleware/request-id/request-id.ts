import { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "@tender/observability";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";

/**
 * First middleware of every request: takes the client's `X-Request-ID` when it matches
 * `REQUEST_ID_PATTERN` (decisions.md), else a new UUID v4, and puts it on whatever response comes back,
 * error, 404 and 405 responses included (errors are turned into responses below this one).
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = acceptOrCreateRequestId(c.req.header(REQUEST_ID_HEADER));
    c.set("requestId", id);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}
