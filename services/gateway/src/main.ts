// The gateway process: configuration, logger, database, AI provider, app, HTTP server, and a
// graceful stop on SIGTERM/SIGINT. Everything else lives in modules that take their Deps.
import { aiProviderConfigFromEnv, createAiProvider, observeAiProvider } from "@tender/ai";
import { loadConfig } from "@tender/config";
import { createDb, parseWebhookSecretKey, searchSettings } from "@tender/db";
import {
  aiCallMetrics,
  createLogger,
  createMetricsRegistry,
  startHealthServer,
  startTracing,
} from "@tender/observability";
import { createApp } from "./create-app.js";
import { Env } from "./env.js";
import { createGatewayMetrics } from "./metrics/gateway-metrics.js";
import { serveApp } from "./server/serve-app.js";

const config = loadConfig(Env, process.env);
const logger = createLogger({ level: config.LOG_LEVEL, name: "gateway" });
const tracing = startTracing({
  endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  serviceName: config.OTEL_SERVICE_NAME ?? "gateway",
});
// Search connections are kept for minutes, not pg's 10 s: a new server process maps the shared
// buffers it scans page by page, and its first scan of 1M chunks took 7 s instead of 1.2 s
// (docs/benchmarks.md, compact scan). Sparse traffic would otherwise pay that on every query.
const IDLE_CONNECTION_MS = 300_000;
// Every connection starts with Search's planner settings, so a search is one statement, not a
// transaction of three (docs/benchmarks.md); the gateway's other queries run under them too.
const sessionSettings = searchSettings(config.SEARCH_PARALLEL_WORKERS);
const preparedStatements = config.DATABASE_PREPARED_STATEMENTS;
const db = createDb(config.DATABASE_URL, {
  max: config.DATABASE_POOL_MAX,
  idleTimeoutMs: IDLE_CONNECTION_MS,
  applicationName: "gateway",
  sessionSettings,
  preparedStatements,
  statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
});
// Reads that may lag a moment behind go to the replica when there is one.
const readDb = config.DATABASE_READ_URL
  ? createDb(config.DATABASE_READ_URL, {
      max: config.DATABASE_POOL_MAX,
      idleTimeoutMs: IDLE_CONNECTION_MS,
      applicationName: "gateway-read",
      sessionSettings,
      preparedStatements,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    })
  : undefined;
const registry = createMetricsRegistry();
const metrics = createGatewayMetrics(registry);
const ai = observeAiProvider(createAiProvider(aiProviderConfigFromEnv(config)), aiCallMetrics(registry));
const savedSearches = {
  perKey: config.SAVED_SEARCHES_PER_KEY,
  allowHttpWebhooks: config.WEBHOOK_ALLOW_HTTP,
  webhookSecretKey: config.WEBHOOK_SECRET_KEY ? parseWebhookSecretKey(config.WEBHOOK_SECRET_KEY) : undefined,
};
const app = createApp({
  db,
  ...(readDb ? { readDb } : {}),
  ai,
  metrics,
  config: {
    minRelevanceScore: config.MIN_RELEVANCE_SCORE,
    savedSearches,
    searchDeadlineMs: config.SEARCH_DEADLINE_MS,
    askDeadlineMs: config.ASK_DEADLINE_MS,
    searchParallelWorkers: config.SEARCH_PARALLEL_WORKERS,
    searchSettingsOnConnection: true,
    feedReadsPerMinute: config.FEED_READS_PER_MINUTE,
    cpvLookupsPerMinute: config.CPV_LOOKUPS_PER_MINUTE,
    cardConcurrencyPerKey: config.CARD_CONCURRENCY_PER_KEY,
    ...(config.PUBLIC_BASE_URL ? { publicBaseUrl: config.PUBLIC_BASE_URL } : {}),
  },
  logger,
});
const server = await serveApp(app, {
  port: config.PORT,
  host: config.HOST,
  timeouts: {
    headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  },
});
// Only /metrics on this port, apart from the API.
const metricsServer = await startHealthServer({
  port: config.METRICS_PORT,
  host: config.HOST,
  metrics: registry,
});
logger.info(
  {
    port: server.port,
    metrics_port: metricsServer.port,
    host: config.HOST,
    ai_provider: config.AI_PROVIDER,
    tracing: tracing.enabled,
  },
  "gateway listening",
);

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "stopping: no new connections, finishing in-flight requests");
  try {
    await server.close(config.SHUTDOWN_TIMEOUT_MS);
    await metricsServer.close();
    await db.destroy();
    await readDb?.destroy();
    await tracing.shutdown();
    logger.info("gateway stopped");
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "gateway did not stop cleanly");
    process.exit(1);
  }
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
