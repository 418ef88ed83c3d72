import { collectDefaultMetrics, Registry } from "prom-client";

/** Every metric of the project starts with this. */
export const METRIC_PREFIX = "tender_";

/**
 * One process's metrics registry, with Node's default process metrics (CPU, memory, event loop
 * lag, handles, garbage collection) named `tender_process_…` and `tender_nodejs_…`.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  return registry;
}
