import { envInt, envString, envUrl } from "@tender/config";
import { isEmailAddress } from "@tender/contracts";
import * as v from "valibot";

/**
 * The notifier's email settings: `SMTP_URL` (smtp:// or smtps://, with user and password if the
 * server needs them; unset: no mail), `MAIL_FROM` (the sender address), `PUBLIC_BASE_URL` (where
 * people reach the gateway: the links in mails start with it), `EMAIL_CONCURRENCY` (8 mails in
 * flight), `EMAIL_POLL_INTERVAL_MS` (5000), `EMAIL_RETRY_FIRST_MS` (60000, doubling) and
 * `EMAIL_RETRY_WINDOW_MS` (86400000). With SMTP_URL, MAIL_FROM, PUBLIC_BASE_URL and
 * WEBHOOK_SECRET_KEY (it signs the links) are required.
 */
export const EmailEnv = v.object({
  SMTP_URL: envUrl({ protocols: ["smtp", "smtps"], optional: true }),
  MAIL_FROM: v.pipe(
    envString({ optional: true }),
    v.check(
      (text) => text === undefined || isEmailAddress(text),
      "must be an email address like alerts@example.org",
    ),
  ),
  PUBLIC_BASE_URL: envUrl({ protocols: ["http", "https"], optional: true }),
  EMAIL_CONCURRENCY: envInt({ min: 1, max: 64, default: 8 }),
  EMAIL_POLL_INTERVAL_MS: envInt({ min: 10, max: 600_000, default: 5000 }),
  EMAIL_RETRY_FIRST_MS: envInt({ min: 10, max: 86_400_000, default: 60_000 }),
  EMAIL_RETRY_WINDOW_MS: envInt({ min: 0, max: 30 * 86_400_000, default: 86_400_000 }),
});
