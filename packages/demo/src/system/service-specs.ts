import { join } from "node:path";
import { SOURCES } from "@tender/sources";
import { REPO_ROOT } from "../repo-paths.js";
import type { ServiceSpec } from "../supervisor/start-supervisor.js";

/** The ingest services, one per registered source, in the registry's order. */
export const INGEST_SERVICE_NAMES: readonly string[] = SOURCES.map((source) => source.service);

/** Every service, in the order they are started and listed. */
export const SERVICE_NAMES: readonly string[] = [
  "gateway",
  ...INGEST_SERVICE_NAMES,
  "downloader",
  "indexer",
  "notifier",
];
/** A name from SERVICE_NAMES (`services/<name>`). */
export type ServiceName = string;
/** Any service but the gateway: those with a HEALTH_PORT. */
export type WorkerName = string;

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
  /** Base URL of the replay server: every source's base URL setting (TED_BASE_URL, ...). */
  replayBaseUrl: string;
  /** STORAGE_DIR of the downloader and the indexer. */
  storageDir: string;
  /** `AI_*` variables for the gateway, the indexer and the notifier (empty: the fake provider). */
  ai: Readonly<Record<string, string>>;
  /**
   * WEBHOOK_SECRET_KEY of the gateway and the notifier (32 bytes in base64). Webhooks may be
   * http and point at this machine: the demo's receiver listens on 127.0.0.1.
   */
  webhookSecretKey: string;
  /** The demo's local mail server (`smtp://127.0.0.1:<port>`): the notifier mails digests to it. */
  smtpUrl?: string;
  /** Variables every process gets first (PATH, HOME, ...). */
  baseEnv: Readonly<Record<string, string>>;
  /** Per-service additions or replacements, e.g. a short `SYNC_INTERVAL_MS` in tests. */
  overrides?: Partial<Record<ServiceName, Readonly<Record<string, string>>>>;
}

/** The sender of the demo's digests. */
export const DEMO_MAIL_FROM = "digests@tender-search.example";

/**
 * The environment of one service in the demo: the demo's database and bus prefix, the replay
 * server as every source's base URL and the only allowed host (loopback addresses allowed for
 * downloads), attachments under the demo's folder, the AI settings the user chose, and webhooks
 * to this machine (the demo's receiver).
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
  const webhooks = { WEBHOOK_SECRET_KEY: config.webhookSecretKey, WEBHOOK_ALLOW_HTTP: "true" };
  const env: Record<ServiceName, () => Record<string, string>> = {
    ...Object.fromEntries(
      SOURCES.map((source) => [
        source.service,
        () => ({
          ...worker(source.service),
          [source.baseUrlSetting]: config.replayBaseUrl,
          SYNC_ALLOWED_HOSTS: replayHost,
        }),
      ]),
    ),
    gateway: () => ({
      ...common,
      ...config.ai,
      ...webhooks,
      PORT: String(config.gatewayPort),
      METRICS_PORT: String(config.metricsPort),
      HOST: "127.0.0.1",
    }),
    downloader: () => ({
      ...worker("downloader"),
      ...storage,
      DOWNLOAD_ALLOWED_HOSTS: replayHost,
      DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: "true",
    }),
    indexer: () => ({ ...worker("indexer"), ...storage, ...config.ai }),
    notifier: () => ({
      ...worker("notifier"),
      ...config.ai,
      ...webhooks,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
      // A demo receiver that was down gets its alert again within seconds, not a minute.
      WEBHOOK_RETRY_FIRST_MS: "2000",
      ...(config.smtpUrl
        ? {
            SMTP_URL: config.smtpUrl,
            MAIL_FROM: DEMO_MAIL_FROM,
            PUBLIC_BASE_URL: `http://127.0.0.1:${config.gatewayPort}`,
            EMAIL_POLL_INTERVAL_MS: "1000",
          }
        : {}),
    }),
  };
  const serviceEnv = Object.hasOwn(env, name) ? env[name] : undefined;
  if (serviceEnv === undefined) throw new Error(`the demo has no service named ${name}`);
  return { ...serviceEnv(), ...config.overrides?.[name] };
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
