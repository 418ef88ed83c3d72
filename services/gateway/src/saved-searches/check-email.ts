import type { SavedSearchRequest } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import type { SavedSearchSettings } from "../deps.js";
import { ApiError } from "../errors/api-error.js";

/**
 * Middleware after body validation: an email digest needs the server's key (WEBHOOK_SECRET_KEY),
 * which signs the confirmation and unsubscribe links.
 */
export function checkEmail(
  settings: SavedSearchSettings,
): MiddlewareHandler<AppEnv & { Variables: { body: SavedSearchRequest } }> {
  return async (c, next) => {
    if (c.get("body").email !== undefined && !settings.webhookSecretKey) {
      throw new ApiError("validation_error", undefined, {
        details: [{ path: "/email", message: "Email digests are not enabled on this server" }],
      });
    }
    await next();
  };
}
