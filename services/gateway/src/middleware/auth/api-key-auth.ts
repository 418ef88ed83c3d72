import { timingSafeEqual } from "node:crypto";
import { findApiKeyByHash, hashApiKey } from "@tender/db";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import type { Deps } from "../../deps.js";
import { ApiError } from "../../errors/api-error.js";

/** The header carrying the key (spec 5). */
export const API_KEY_HEADER = "X-API-Key";

// Real keys are 47 characters; anything far longer is refused without hashing or a query.
const MAX_KEY_LENGTH = 256;

/**
 * Authentication of spec 5, in its order: the header must be present (`api_key_required`);
 * its SHA-256 is looked up (`api_key_invalid` when no row has it); the row must be enabled
 * (`api_key_disabled`); the stored digest is compared in constant time. The key's id is
 * passed on to the rate limiter; the key itself goes nowhere.
 */
export function apiKeyAuth(deps: Pick<Deps, "db">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(API_KEY_HEADER);
    if (key === undefined || key === "") throw new ApiError("api_key_required");
    if (key.length > MAX_KEY_LENGTH) throw new ApiError("api_key_invalid");
    const digest = hashApiKey(key);
    const row = await findApiKeyByHash(deps.db, digest);
    if (!row) throw new ApiError("api_key_invalid");
    if (!row.enabled) throw new ApiError("api_key_disabled");
    if (!timingSafeEqual(Buffer.from(row.key_hash, "hex"), Buffer.from(digest, "hex"))) {
      throw new ApiError("api_key_invalid");
    }
    c.set("apiKey", { id: row.id });
    await next();
  };
}
