export { Counter, Gauge, Histogram, Registry } from "prom-client";
export { aiCallMetrics } from "./ai-call-metrics.js";
export { contextFromTraceparent } from "./context-from-traceparent.js";
export { createLogger, type Logger, type LoggerOptions } from "./create-logger.js";
export { currentTraceparent } from "./current-traceparent.js";
export { type InSpanOptions, inSpan, startSpan, TRACER_NAME } from "./in-span.js";
export { markSpanFailed } from "./mark-span-failed.js";
export { createMetricsRegistry, METRIC_PREFIX } from "./metrics-registry.js";
export { outcomeCounter } from "./outcome-counter.js";
export { REDACT_PATHS, REDACTED, SECRET_FIELDS } from "./redact-paths.js";
export { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "./request-id.js";
export { HEALTH_CHECK_TIMEOUT_MS, type HealthCheck, runHealthCheck } from "./run-health-check.js";
export { type HealthServer, startHealthServer } from "./start-health-server.js";
export {
  type StartTracingOptions,
  startTracing,
  type Tracing,
  type TracingConfig,
} from "./start-tracing.js";
