export { Counter, Gauge, Histogram, Registry } from "prom-client";
export { aiCallMetrics } from "./ai-call-metrics.js";
export { createLogger, type Logger, type LoggerOptions } from "./create-logger.js";
export { createMetricsRegistry, METRIC_PREFIX } from "./metrics-registry.js";
export { redactConnectionString } from "./redact-connection-string.js";
export { REDACT_PATHS, REDACTED, SECRET_FIELDS } from "./redact-paths.js";
export { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "./request-id.js";
export { HEALTH_CHECK_TIMEOUT_MS, type HealthCheck, runHealthCheck } from "./run-health-check.js";
export { type HealthServer, startHealthServer } from "./start-health-server.js";
