import {
  AiEnv,
  ConsumerEnv,
  DatabaseEnv,
  envBool,
  envInt,
  envString,
  LogEnv,
  NatsEnv,
  TracingEnv,
  WebhookEnv,
} from "@tender/config";
import * as v from "valibot";
import { EmailEnv } from "./email/email-env.js";

/**
 * The notifier's configuration: database, NATS, the consumer's limits, logging, AI provider (the
 * same embedding model as the indexer), the webhook settings shared with the gateway, and
 * `HEALTH_PORT` (9090), `BUS_PREFIX` (optional), `NOTIFY_CONCURRENCY` (2),
 * `WEBHOOK_ALLOW_PRIVATE_ADDRESSES` (false), `WEBHOOK_TIMEOUT_MS` (10000),
 * `WEBHOOK_CONCURRENCY` (8), `WEBHOOK_POLL_INTERVAL_MS` (1000), `WEBHOOK_RETRY_FIRST_MS`
 * (60000, doubling) and `WEBHOOK_RETRY_WINDOW_MS` (86400000); email digests: `EmailEnv`.
 */
export const Env = v.pipe(
  v.intersect([
    DatabaseEnv,
    NatsEnv,
    ConsumerEnv,
    LogEnv,
    AiEnv,
    WebhookEnv,
    TracingEnv,
    v.object({
      HEALTH_PORT: envInt({ min: 0, max: 65_535, default: 9090 }),
      BUS_PREFIX: envString({ optional: true }),
      NOTIFY_CONCURRENCY: envInt({ min: 1, max: 64, default: 2 }),
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: envBool({ default: false }),
      WEBHOOK_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 10_000 }),
      WEBHOOK_CONCURRENCY: envInt({ min: 1, max: 256, default: 8 }),
      WEBHOOK_POLL_INTERVAL_MS: envInt({ min: 10, max: 600_000, default: 1000 }),
      WEBHOOK_RETRY_FIRST_MS: envInt({ min: 10, max: 86_400_000, default: 60_000 }),
      WEBHOOK_RETRY_WINDOW_MS: envInt({ min: 0, max: 30 * 86_400_000, default: 86_400_000 }),
    }),
    EmailEnv,
  ]),
  // The links in mails are signed with WEBHOOK_SECRET_KEY and start with PUBLIC_BASE_URL.
  v.forward(
    v.partialCheck(
      [["SMTP_URL"], ["MAIL_FROM"]],
      (e) => !e.SMTP_URL || !!e.MAIL_FROM,
      "is required when SMTP_URL is set",
    ),
    ["MAIL_FROM"],
  ),
  v.forward(
    v.partialCheck(
      [["SMTP_URL"], ["PUBLIC_BASE_URL"]],
      (e) => !e.SMTP_URL || !!e.PUBLIC_BASE_URL,
      "is required when SMTP_URL is set",
    ),
    ["PUBLIC_BASE_URL"],
  ),
  v.forward(
    v.partialCheck(
      [["SMTP_URL"], ["WEBHOOK_SECRET_KEY"]],
      (e) => !e.SMTP_URL || !!e.WEBHOOK_SECRET_KEY,
      "is required when SMTP_URL is set",
    ),
    ["WEBHOOK_SECRET_KEY"],
  ),
);
export type Env = v.InferOutput<typeof Env>;
