import type { SavedSearchRequest } from "@tender/contracts";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import type { SavedSearchSettings } from "../deps.js";
import { ApiError } from "../errors/api-error.js";

const refused = (message: string) =>
  new ApiError("validation_error", undefined, { details: [{ path: "/webhook_url", message }] });

/**
 * Middleware after body validation, before the rate limit: a webhook URL must be https (http
 * only when the operator allows it), carry no credentials, and the server must have a key to
 * seal its secret with. Where it points is checked at each delivery (address policy, DNS).
 */
export function checkWebhookUrl(
  settings: SavedSearchSettings,
): MiddlewareHandler<AppEnv & { Variables: { body: SavedSearchRequest } }> {
  return async (c, next) => {
    const url = c.get("body").webhook_url;
    if (url !== undefined) {
      const parsed = new URL(url);
      if (parsed.protocol !== "https:" && !settings.allowHttpWebhooks) throw refused("Must be an https URL");
      if (parsed.username !== "" || parsed.password !== "")
        throw refused("Must not contain a user name or password");
      if (!settings.webhookSecretKey) throw refused("Webhooks are not enabled on this server");
    }
    await next();
  };
}
