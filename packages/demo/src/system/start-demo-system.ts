import { randomBytes } from "node:crypto";
import { freePort } from "@tender/net";
import { type DemoData, loadDemoData } from "../replay/demo-data.js";
import { type DemoReplayServer, startDemoReplayServer } from "../replay/start-demo-replay-server.js";
import {
  describeExit,
  type ServiceExit,
  type Supervisor,
  startSupervisor,
} from "../supervisor/start-supervisor.js";
import {
  type DemoServicesConfig,
  demoServiceSpecs,
  SERVICE_NAMES,
  type ServiceName,
  type WorkerName,
} from "./service-specs.js";
import { waitUntilHealthy } from "./wait-until-healthy.js";

export interface DemoSystemOptions
  extends Pick<DemoServicesConfig, "databaseUrl" | "natsUrl" | "busPrefix" | "gatewayPort" | "storageDir"> {
  logLevel?: string;
  /** `AI_*` variables for the gateway, the indexer and the notifier; default none (the fake provider). */
  ai?: Readonly<Record<string, string>>;
  /** WEBHOOK_SECRET_KEY of the gateway and the notifier; default a new random one. */
  webhookSecretKey?: string;
  /** The demo's local mail server; none: the notifier sends no mail. */
  smtpUrl?: string;
  /** Variables every process gets first (PATH, HOME, ...); default none. */
  baseEnv?: Readonly<Record<string, string>>;
  overrides?: DemoServicesConfig["overrides"];
  /** Which services to start; default all seven. */
  services?: readonly ServiceName[];
  /** Whether the replay server serves its pages from the start (default true). */
  replayAvailable?: boolean;
  /** Default: the package's fixtures. */
  data?: DemoData;
  /** Every line a service writes. */
  onLine: (service: string, line: string) => void;
  /** How long the services get to become ready; default 60 s. */
  readyTimeoutMs?: number;
}

/** The running system: the replay server and the services under one supervisor. */
export interface DemoSystem {
  /** `http://127.0.0.1:<port>` of the gateway (when started). */
  gatewayUrl: string;
  replay: DemoReplayServer;
  supervisor: Supervisor;
  /** HEALTH_PORT of each worker (probes and `/metrics`). */
  healthPorts: Readonly<Record<WorkerName, number>>;
  /** The gateway's METRICS_PORT (`/metrics`). */
  metricsPort: number;
  /** Stops the services (SIGTERM, then SIGKILL after `timeoutMs`) and the replay server. */
  stop(timeoutMs?: number): Promise<ServiceExit[]>;
}

/** A service that ended while the system was starting or running. */
export class ServiceExitedError extends Error {
  constructor(readonly exit: ServiceExit) {
    super(`${exit.name} stopped on its own (${describeExit(exit)})`);
    this.name = "ServiceExitedError";
  }
}

/**
 * Starts the replay server and the chosen services (`node services/<name>/dist/main.js`, so
 * build first), then waits until each one answers its readiness probe. If a service exits or
 * does not become ready, everything started is stopped again and the promise rejects.
 */
export async function startDemoSystem(options: DemoSystemOptions): Promise<DemoSystem> {
  const data = options.data ?? (await loadDemoData());
  const replay = await startDemoReplayServer(data, { available: options.replayAvailable ?? true });
  // The services' health and metrics servers listen on every interface: the ports must be free there.
  const healthPorts: Record<WorkerName, number> = {};
  for (const name of SERVICE_NAMES) if (name !== "gateway") healthPorts[name] = await freePort("0.0.0.0");
  const metricsPort = await freePort("0.0.0.0");
  const names = options.services ?? SERVICE_NAMES;
  const supervisor = startSupervisor(
    demoServiceSpecs(
      {
        databaseUrl: options.databaseUrl,
        natsUrl: options.natsUrl,
        busPrefix: options.busPrefix,
        logLevel: options.logLevel ?? "info",
        gatewayPort: options.gatewayPort,
        metricsPort,
        healthPorts,
        replayBaseUrl: replay.baseUrl,
        storageDir: options.storageDir,
        ai: options.ai ?? {},
        webhookSecretKey: options.webhookSecretKey ?? randomBytes(32).toString("base64"),
        baseEnv: options.baseEnv ?? {},
        ...(options.overrides ? { overrides: options.overrides } : {}),
        ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
      },
      names,
    ),
    { onLine: options.onLine },
  );
  const gatewayUrl = `http://127.0.0.1:${options.gatewayPort}`;
  const stop = async (timeoutMs?: number) => {
    const exits = await supervisor.stop(timeoutMs);
    await replay.close();
    return exits;
  };

  const probeUrl = (name: ServiceName) =>
    name === "gateway" ? `${gatewayUrl}/health/ready` : `http://127.0.0.1:${healthPorts[name]}/health/ready`;
  const abort = new AbortController();
  try {
    const exited = supervisor.unexpectedExit.then((exit) => {
      throw new ServiceExitedError(exit);
    });
    const ready = Promise.all(
      names.map((name) =>
        waitUntilHealthy(probeUrl(name), {
          timeoutMs: options.readyTimeoutMs ?? 60_000,
          signal: abort.signal,
        }),
      ),
    );
    await Promise.race([ready, exited]);
  } catch (error) {
    abort.abort();
    await stop(10_000);
    throw error;
  }
  abort.abort();
  return { gatewayUrl, replay, supervisor, healthPorts, metricsPort, stop };
}
