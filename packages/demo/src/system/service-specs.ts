import { join } from "node:path";
import { REPO_ROOT } from "../repo-paths.js";
import type { ServiceSpec } from "../supervisor/start-supervisor.js";

/** The five services, in the order they are started and listed. */
export const SERVICE_NAMES = [
  "gateway",
  "ingest-source-a",
  "ingest-source-b",
  "downloader",
  "indexer",
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type WorkerName = Exclude<ServiceName, "gateway">;

/** Everything the services' environments are made of. */
export interface DemoServicesConfig {
  databaseUrl: string;
  natsUrl: string;
  busPrefix: string;
  logLevel: string;
  gatewayPort: number;
  /** The gateway's METRICS_PORT. */
  metricsPort: number;
  /** HEALTH_PORT of each worker. */
  healthPorts: Readonly<Record<WorkerName, number>>;
  /** Base URL of the replay server: TED_BASE_URL and CF_BASE_URL. */
  replayBaseUrl: string;
  /** STORAGE_DIR of the downloader and the indexer. */
  storageDir: string;
  /** `AI_*` variables for the gateway and the indexer (empty: the fake provider). */
  ai: Readonly<Record<string, string>>;
  /** Variables every process gets first (PATH, HOME, ...). */
  baseEnv: Readonly<Record<string, string>>;
  /** Per-service additions or replacements, e.g. a short `SYNC_INTERVAL_MS` in tests. */
  overrides?: Partial<Record<ServiceName, Readonly<Record<string, string>>>>;
}

/**
 * The environment of one service in the demo: the demo's database and bus prefix, the replay
 * server as both sources' base URL and the only allowed host (loopback addresses allowed for
 * downloads), attachments under the demo's folder, and the AI settings the user chose.
 */
export function demoServiceEnv(name: ServiceName, config: DemoServicesConfig): Record<string, string> {
  // Host and port: a bare host would allow only the default port.
  const replayHost = new URL(config.replayBaseUrl).host;
  const common = {
    ...config.baseEnv,
    DATABASE_URL: config.databaseUrl,
    DATABASE_POOL_MAX: "4",
    LOG_LEVEL: config.logLevel,
  };
  const worker = (worker: WorkerName) => ({
    ...common,
    NATS_URL: config.natsUrl,
    BUS_PREFIX: config.busPrefix,
    HEALTH_PORT: String(config.healthPorts[worker]),
  });
  const storage = { STORAGE_DRIVER: "fs", STORAGE_DIR: config.storageDir };
  const env: Record<ServiceName, () => Record<string, string>> = {
    gateway: () => ({
      ...common,
      ...config.ai,
      PORT: String(config.gatewayPort),
      METRICS_PORT: String(config.metricsPort),
      HOST: "127.0.0.1",
    }),
    "ingest-source-a": () => ({
      ...worker("ingest-source-a"),
      TED_BASE_URL: config.replayBaseUrl,
      SYNC_ALLOWED_HOSTS: replayHost,
    }),
    "ingest-source-b": () => ({
      ...worker("ingest-source-b"),
      CF_BASE_URL: config.replayBaseUrl,
      SYNC_ALLOWED_HOSTS: replayHost,
    }),
    downloader: () => ({
      ...worker("downloader"),
      ...storage,
      DOWNLOAD_ALLOWED_HOSTS: replayHost,
      DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: "true",
    }),
    indexer: () => ({ ...worker("indexer"), ...storage, ...config.ai }),
  };
  return { ...env[name](), ...config.overrides?.[name] };
}

/** `node services/<name>/dist/main.js` for each named service, with its demo environment. */
export function demoServiceSpecs(
  config: DemoServicesConfig,
  names: readonly ServiceName[] = SERVICE_NAMES,
): ServiceSpec[] {
  return names.map((name) => ({
    name,
    command: process.execPath,
    args: [join(REPO_ROOT, "services", name, "dist", "main.js")],
    env: demoServiceEnv(name, config),
    cwd: REPO_ROOT,
  }));
}
