import { authenticateAndCount, type RateLimitDecision, takeRateLimitToken } from "@tender/db";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import type { Deps } from "../../deps.js";
import { ApiError } from "../../errors/api-error.js";
import { acceptKey } from "../auth/api-key-auth.js";
import { rateLimitHeaders } from "./rate-limit-headers.js";

/**
 * The per-key fixed-window limit of docs/api.md#rate-limit, after authentication and body validation (so a
 * refused or invalid request is not counted) and before the service. With
 * `apiKeyAuth({ countedByRateLimit: true })` before it, the key is looked up here, in the one
 * autocommitted statement that counts the request; the row lock has been released before the
 * service runs. A refused request is `rate_limit_exceeded` with the four headers; a counted one
 * carries the three `X-RateLimit-*` headers on whatever response the service gives, an error
 * too, since it was counted.
 */
export function rateLimit(deps: Pick<Deps, "db" | "metrics">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let decision: RateLimitDecision | undefined;
    const key = c.get("apiKey");
    const digest = c.get("keyDigest");
    if (key) {
      decision = await takeRateLimitToken(deps.db, key.id);
    } else if (digest !== undefined) {
      c.set("keyDigest", undefined);
      const found = await authenticateAndCount(deps.db, digest);
      acceptKey(c, digest, found?.key);
      decision = found?.decision;
    } else {
      throw new Error("rate limit middleware runs before authentication");
    }
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
