import { takeRateLimitToken } from "@tender/db";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import type { Deps } from "../../deps.js";
import { ApiError } from "../../errors/api-error.js";
import { rateLimitHeaders } from "./rate-limit-headers.js";

/**
 * The per-key fixed-window limit of spec 8.2, after authentication and body validation (so a
 * refused or invalid request is not counted) and before the service. The counting transaction
 * has ended before the service runs. A refused request is `rate_limit_exceeded` with the four
 * headers; a counted one carries the three `X-RateLimit-*` headers on whatever response the
 * service gives, an error too, since it was counted.
 */
export function rateLimit(deps: Pick<Deps, "db" | "metrics">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.get("apiKey");
    if (!key) throw new Error("rate limit middleware runs before authentication");
    const decision = await takeRateLimitToken(deps.db, key.id);
    // The key was deleted between authentication and counting.
    if (!decision) throw new ApiError("api_key_invalid");
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      deps.metrics?.rateLimitRefused();
      throw new ApiError("rate_limit_exceeded", undefined, { headers });
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
