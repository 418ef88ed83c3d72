export {
  type OpenWorkerProcessOptions,
  openWorkerProcess,
  type ShutdownSignals,
  type WorkerProcess,
  type WorkerProcessEnv,
} from "./open-worker-process.js";
export { outboxStore } from "./outbox-store.js";
export { type PeriodicLogger, type RunPeriodicallyOptions, runPeriodically } from "./run-periodically.js";
export { workerHealthChecks } from "./worker-health-checks.js";
export { registerWorkerMetrics } from "./worker-metrics.js";
