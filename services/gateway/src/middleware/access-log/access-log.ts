import type { Logger } from "@tender/observability";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../../app-env.js";

/** The route pattern that answered (`/api/v1/tenders/:id`), or null when none matched. */
function matchedRoute(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | null {
  const path = routePath(c, -1);
  return path === "*" || path === "/*" ? null : path;
}

/**
 * One structured line per request, written when the response is ready: request id, API key
 * id (never the key), method, route pattern (not the raw path), status and duration.
 */
export function accessLog(logger: Logger, now: () => number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = now();
    await next();
    logger.info(
      {
        request_id: c.get("requestId"),
        key_id: c.get("apiKey")?.id ?? null,
        method: c.req.method,
        route: matchedRoute(c),
        status: c.res.status,
        duration_ms: Math.round((now() - started) * 1000) / 1000,
      },
      "request",
    );
  };
}
