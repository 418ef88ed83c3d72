import { testNatsUrl } from "./test-nats.js";

/** Where a worker service started by a test keeps its state. */
export interface WorkerProcessEnvOptions {
  /** The test file's database (`useTestDatabase().url`). */
  databaseUrl: string;
  busPrefix: string;
  /** Directory of the filesystem storage. */
  storageDir: string;
  logLevel?: string;
}

/**
 * The environment of a worker service (downloader, indexer) run by a test as a child process:
 * the test's database, the run's NATS server under `busPrefix`, filesystem storage, health on a
 * free port. Spread the service's own variables after it.
 */
export function workerProcessEnv(options: WorkerProcessEnvOptions): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    DATABASE_URL: options.databaseUrl,
    NATS_URL: testNatsUrl(),
    BUS_PREFIX: options.busPrefix,
    STORAGE_DRIVER: "fs",
    STORAGE_DIR: options.storageDir,
    HEALTH_PORT: "0",
    LOG_LEVEL: options.logLevel ?? "warn",
  };
}
