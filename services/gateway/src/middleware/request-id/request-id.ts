import { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "@tender/observability";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";

// Not hono/request-id (tried, with a generator applying REQUEST_ID_PATTERN): it echoes any
// client value matching its own fixed `[\w=-]` check without asking the generator, so "a=b",
// which docs/api.md#request-ids refuses, comes back; and it sets the header before the handlers run, so
// the error responses built by notFound/onError lack X-Request-ID. Both X-Request-ID tests in
// errors.int.test.ts fail with it.
/**
 * First middleware of every request: takes the client's `X-Request-ID` when it matches
 * `REQUEST_ID_PATTERN` (docs/api.md#request-ids), else a new UUID v4, and puts it on whatever response comes back,
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
