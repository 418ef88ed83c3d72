import { type Bus, type BusTopology, busNames, busTopology, connectBus, ensureTopology } from "@tender/bus";
import { createDb, type Database } from "@tender/db";
import {
  createLogger,
  createMetricsRegistry,
  type Logger,
  type LoggerOptions,
  type Registry,
  startHealthServer,
  startTracing,
  type Tracing,
} from "@tender/observability";
import type { Kysely } from "kysely";
import { workerHealthChecks } from "./worker-health-checks.js";
import { registerWorkerMetrics } from "./worker-metrics.js";

/** The variables every worker reads (as the env fragments of @tender/config parse them). */
export interface WorkerProcessEnv {
  LOG_LEVEL: string;
  DATABASE_URL: string;
  DATABASE_POOL_MAX: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  NATS_URL: string;
  NATS_STREAM_REPLICAS: number;
  /** The consumers' ack wait; unset: the bus's default (60 s). */
  NATS_ACK_WAIT_MS?: number | undefined;
  /** Own stream and subject names (`busNames(prefix)`); unset for the production names. */
  BUS_PREFIX?: string | undefined;
  /** OTLP/HTTP collector for traces; unset: tracing off. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  /** `service.name` of the spans; default the worker's `name`. */
  OTEL_SERVICE_NAME?: string | undefined;
}

/** Where SIGTERM and SIGINT come from: `process`, or an emitter in tests. */
export interface ShutdownSignals {
  once(event: "SIGTERM" | "SIGINT", listener: (signal: NodeJS.Signals) => void): unknown;
}

export interface OpenWorkerProcessOptions {
  /** The logger's name, the database pool's application name and the NATS connection's name. */
  name: string;
  env: WorkerProcessEnv;
  /** Logged, with the signal, on the first SIGTERM or SIGINT. */
  stoppingMessage: string;
  /** `HEALTH_PORT`: probes (database and NATS) and `/metrics` served there; leave out when the work serves its own. */
  healthPort?: number;
  /** Default `process`. */
  signals?: ShutdownSignals;
  /** Where log lines go; standard output by default. */
  logDestination?: LoggerOptions["destination"];
  /** Started by the caller instead (tests: an in-memory exporter); closed with the process. */
  tracing?: Tracing;
}

/** What a worker's main works with, and how it stops. */
export interface WorkerProcess {
  logger: Logger;
  db: Kysely<Database>;
  bus: Bus;
  /** The topology of `BUS_PREFIX`, already ensured on the server. */
  topology: BusTopology;
  /** Served at `GET /metrics` on the probe port; the work adds its own metrics to it. */
  metrics: Registry;
  /** Aborted on the first SIGTERM or SIGINT: stop taking work, finish what is in flight. */
  signal: AbortSignal;
  /** The port the probes listen on (the real one for port 0); undefined without probes. */
  healthPort: number | undefined;
  /** Traces of this process (off without `OTEL_EXPORTER_OTLP_ENDPOINT`). */
  tracing: Tracing;
  /** Closes the probes, then NATS, then the database pool, exports the last spans, and logs `stoppedMessage`. */
  close(stoppedMessage: string): Promise<void>;
}

/**
 * Opens what every worker service runs on: logger, tracing (when `OTEL_EXPORTER_OTLP_ENDPOINT`
 * is set), database pool, NATS with the topology ensured, optional health probes, and an abort signal for SIGTERM/SIGINT. A second signal of
 * the same kind then ends the process at once (the default action).
 */
export async function openWorkerProcess(options: OpenWorkerProcessOptions): Promise<WorkerProcess> {
  const { name, env } = options;
  const logger = createLogger({
    level: env.LOG_LEVEL,
    name,
    ...(options.logDestination ? { destination: options.logDestination } : {}),
  });
  const tracing =
    options.tracing ??
    startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME ?? name });
  const db = createDb(env.DATABASE_URL, {
    max: env.DATABASE_POOL_MAX,
    applicationName: name,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  const bus = await connectBus({ servers: env.NATS_URL, name, logger });
  const topology = busTopology({
    names: busNames(env.BUS_PREFIX),
    replicas: env.NATS_STREAM_REPLICAS,
    ...(env.NATS_ACK_WAIT_MS === undefined ? {} : { delivery: { ackWaitMs: env.NATS_ACK_WAIT_MS } }),
  });
  await ensureTopology(bus.jsm, topology, logger);

  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) return;
    logger.info({ signal }, options.stoppingMessage);
    stop.abort();
  };
  const signals = options.signals ?? process;
  signals.once("SIGTERM", onSignal);
  signals.once("SIGINT", onSignal);

  const metrics = createMetricsRegistry();
  registerWorkerMetrics(metrics, { db, bus, topology });
  const health =
    options.healthPort === undefined
      ? undefined
      : await startHealthServer({ port: options.healthPort, checks: workerHealthChecks(db, bus), metrics });
  return {
    logger,
    db,
    bus,
    topology,
    metrics,
    signal: stop.signal,
    healthPort: health?.port,
    tracing,
    async close(stoppedMessage) {
      await health?.close();
      await bus.close();
      await db.destroy();
      await tracing.shutdown();
      logger.info({}, stoppedMessage);
    },
  };
}
