import * as v from "valibot";
import { envBool } from "./env-bool.js";
import { envString } from "./env-string.js";

// 32 bytes in base64 or base64url are 43 characters, with at most one "=" of padding.
const KEY_TEXT = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Saved-search webhooks, read by the gateway (which accepts webhook URLs and seals their
 * secrets) and the notifier (which opens the secrets to sign deliveries): `WEBHOOK_ALLOW_HTTP`
 * (default false: webhook URLs must be https) and `WEBHOOK_SECRET_KEY` (32 random bytes in
 * base64, `openssl rand -base64 32`; unset: saved searches cannot have a webhook).
 */
export const WebhookEnv = v.object({
  WEBHOOK_ALLOW_HTTP: envBool({ default: false }),
  WEBHOOK_SECRET_KEY: v.pipe(
    envString({ optional: true }),
    v.check(
      (text) => text === undefined || KEY_TEXT.test(text),
      "must be 32 random bytes in base64 (openssl rand -base64 32)",
    ),
  ),
});
export type WebhookEnv = v.InferOutput<typeof WebhookEnv>;
