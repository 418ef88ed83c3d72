import { aiProviderConfigFromEnv, createAiProvider, observeAiProvider } from "@tender/ai";
import { loadConfig } from "@tender/config";
import { parseWebhookSecretKey } from "@tender/db";
import { forbiddenAddressReason, metadataAddressReason, systemResolveHost } from "@tender/egress";
import { aiCallMetrics } from "@tender/observability";
import { openWorkerProcess } from "@tender/worker";
import { Env, webhookTimeouts } from "./env.js";
import { notifierMetrics } from "./notifier-metrics.js";
import { runNotifier } from "./run-notifier.js";

const config = loadConfig(Env, process.env);
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
    delivery: {
      egress: {
        ...webhookTimeouts(config),
        allowHttp: config.WEBHOOK_ALLOW_HTTP,
        addressReason: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES
          ? metadataAddressReason
          : forbiddenAddressReason,
        resolveHost: systemResolveHost,
      },
      secretKey: config.WEBHOOK_SECRET_KEY ? parseWebhookSecretKey(config.WEBHOOK_SECRET_KEY) : undefined,
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
    health_port: worker.healthPort,
  },
  "Notifier started",
);
await running;
await worker.close("Notifier stopped");
process.exit(0);
