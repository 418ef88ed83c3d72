import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import { ApiError } from "../../errors/api-error.js";
import { observeBody } from "../observe-body.js";
import { createKeySlots } from "./key-slots.js";

// Nothing tells when a place frees up; a second is about what a card takes to send.
const RETRY_AFTER_SECONDS = "1";

/**
 * At most `limit` answers of the route at once per API key, in this process (after
 * authentication). A place is held until the answer's body has been sent to its end or the
 * client went away, not merely until the handler returns: a card is streamed for as long as the
 * client takes to read it. Beyond the limit: `rate_limit_exceeded` with `refusal` and
 * `Retry-After`, and without the `X-RateLimit-*` headers, since the allowance is not involved.
 */
export function concurrentPerKey(limit: number, refusal: string): MiddlewareHandler<AppEnv> {
  const slots = createKeySlots(limit);
  return async (c, next) => {
    const key = c.get("apiKey");
    if (!key) throw new Error("concurrentPerKey runs after authentication");
    const release = slots.take(key.id);
    if (!release)
      throw new ApiError("rate_limit_exceeded", refusal, { headers: { "Retry-After": RETRY_AFTER_SECONDS } });
    try {
      await next();
    } catch (error) {
      release();
      throw error;
    }
    const body = c.res.body;
    // HEAD answers drop the body unread, and an error's small body is not what the bound is for.
    if (!body || c.req.method === "HEAD" || !c.res.ok) {
      release();
      return;
    }
    c.res = new Response(observeBody(body, { onFirstChunk() {}, onEnd: release }), c.res);
  };
}
