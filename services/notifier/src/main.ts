import { aiProviderConfigFromEnv, createAiProvider, observeAiProvider } from "@tender/ai";
import { loadConfig } from "@tender/config";
import { emailLinkKey, parseWebhookSecretKey } from "@tender/db";
import { forbiddenAddressReason, metadataAddressReason, systemResolveHost } from "@tender/egress";
import { aiCallMetrics } from "@tender/observability";
import { openWorkerProcess } from "@tender/worker";
import { emailLinks } from "./email/email-links.js";
import { smtpTransport } from "./email/send-mail.js";
import { Env, webhookTimeouts } from "./env.js";
import { notifierMetrics } from "./notifier-metrics.js";
import { runNotifier } from "./run-notifier.js";

const config = loadConfig(Env, process.env);
// An SMTP exchange is bounded by the transport's timeouts (10 s to connect, 30 s idle): a claim
// outlives it, then another notifier may take the mail.
const EMAIL_LEASE_MS = 120_000;
const worker = await openWorkerProcess({
  name: "notifier",
  env: config,
  healthPort: config.HEALTH_PORT,
  stoppingMessage: "Stopping: finishing matches and deliveries in progress",
});
const { logger, db, bus, topology } = worker;
const ai = observeAiProvider(
  createAiProvider(aiProviderConfigFromEnv(config)),
  aiCallMetrics(worker.metrics),
);
const metrics = notifierMetrics(worker.metrics, db);
const serverKey = config.WEBHOOK_SECRET_KEY ? parseWebhookSecretKey(config.WEBHOOK_SECRET_KEY) : undefined;
// Env makes MAIL_FROM, PUBLIC_BASE_URL and WEBHOOK_SECRET_KEY required with SMTP_URL.
const email =
  config.SMTP_URL && config.MAIL_FROM && config.PUBLIC_BASE_URL && serverKey
    ? {
        transport: smtpTransport({
          url: config.SMTP_URL,
          from: config.MAIL_FROM,
          maxConnections: config.EMAIL_CONCURRENCY,
        }),
        links: emailLinks(config.PUBLIC_BASE_URL, emailLinkKey(serverKey)),
        recordOutcome: metrics.recordEmail,
        settings: {
          concurrency: config.EMAIL_CONCURRENCY,
          pollIntervalMs: config.EMAIL_POLL_INTERVAL_MS,
          retryFirstMs: config.EMAIL_RETRY_FIRST_MS,
          retryWindowMs: config.EMAIL_RETRY_WINDOW_MS,
          leaseMs: EMAIL_LEASE_MS,
          messageIdDomain: config.MAIL_FROM.slice(config.MAIL_FROM.lastIndexOf("@") + 1),
        },
      }
    : undefined;

const running = runNotifier(
  {
    db,
    js: bus.js,
    topology,
    ai,
    logger,
    concurrency: config.NOTIFY_CONCURRENCY,
    maxHandlingMs: config.MESSAGE_MAX_HANDLING_MS,
    recordMatches: metrics.recordMatches,
    recordDelivery: metrics.recordDelivery,
    ...(email ? { email } : {}),
    delivery: {
      egress: {
        ...webhookTimeouts(config),
        allowHttp: config.WEBHOOK_ALLOW_HTTP,
        addressReason: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES
          ? metadataAddressReason
          : forbiddenAddressReason,
        resolveHost: systemResolveHost,
      },
      secretKey: serverKey,
      concurrency: config.WEBHOOK_CONCURRENCY,
      perKey: config.WEBHOOK_CONCURRENCY_PER_KEY,
      perHost: config.WEBHOOK_CONCURRENCY_PER_HOST,
      pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
      retryFirstMs: config.WEBHOOK_RETRY_FIRST_MS,
      retryWindowMs: config.WEBHOOK_RETRY_WINDOW_MS,
    },
  },
  worker.signal,
);
logger.info(
  {
    ai_provider: config.AI_PROVIDER,
    embedding_model: ai.embedModel,
    webhooks: config.WEBHOOK_SECRET_KEY ? "enabled" : "disabled (no WEBHOOK_SECRET_KEY)",
    email: email ? "enabled" : "disabled (no SMTP_URL)",
    health_port: worker.healthPort,
  },
  "Notifier started",
);
await running;
await worker.close("Notifier stopped");
process.exit(0);
