import { timingSafeEqual } from "node:crypto";
import { findApiKeyByHash, hashApiKey } from "@tender/db";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import type { Deps } from "../../deps.js";
import { ApiError } from "../../errors/api-error.js";

/** The header carrying the key (docs/api.md#authentication). */
export const API_KEY_HEADER = "X-API-Key";

// Real keys are 47 characters; anything far longer is refused without hashing or a query.
const MAX_KEY_LENGTH = 256;

/** Whether the middleware looks the key up itself, or leaves that to the `rateLimit` that follows. */
export interface ApiKeyAuthOptions {
  /**
   * The route runs `rateLimit` after its validation: the key is looked up there, in the same
   * statement that counts the request (one round trip). When the request ends without that
   * lookup (validation refused it), it is made here, and a refused key's error replaces the
   * validation error, so the order of docs/api.md#authentication holds.
   */
  countedByRateLimit?: boolean;
}

/**
 * Authentication as docs/api.md#authentication lists it, in order: the header must be present (`api_key_required`);
 * its SHA-256 is looked up (`api_key_invalid` when no row has it); the row must be enabled
 * (`api_key_disabled`); the stored digest is compared in constant time. The key's id is
 * passed on to the rate limiter; the key itself goes nowhere.
 */
export function apiKeyAuth(
  deps: Pick<Deps, "db">,
  options: ApiKeyAuthOptions = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(API_KEY_HEADER);
    if (key === undefined || key === "") throw new ApiError("api_key_required");
    if (key.length > MAX_KEY_LENGTH) throw new ApiError("api_key_invalid");
    const digest = hashApiKey(key);
    if (!options.countedByRateLimit) {
      acceptKey(c, digest, await findApiKeyByHash(deps.db, digest));
      return next();
    }
    c.set("keyDigest", digest);
    await next();
    // The rate limiter took the digest: the key was checked there.
    if (c.get("keyDigest") === undefined) return;
    acceptKey(c, digest, await findApiKeyByHash(deps.db, digest));
    // Reached only when a handler ran with the key not yet checked: a route without `rateLimit`.
    if (!c.error) throw new Error("apiKeyAuth({ countedByRateLimit }) on a route without rateLimit");
  };
}

/**
 * The checks of docs/api.md#authentication on the row found for `digest` (none: `api_key_invalid`; disabled:
 * `api_key_disabled`; the digests compared in constant time); passes the key's id on.
 */
export function acceptKey(
  c: Context<AppEnv>,
  digest: string,
  row: { id: string; key_hash: string; enabled: boolean } | undefined,
): void {
  if (!row) throw new ApiError("api_key_invalid");
  if (!row.enabled) throw new ApiError("api_key_disabled");
  if (!timingSafeEqual(Buffer.from(row.key_hash, "hex"), Buffer.from(digest, "hex"))) {
    throw new ApiError("api_key_invalid");
  }
  c.set("apiKey", { id: row.id });
}
