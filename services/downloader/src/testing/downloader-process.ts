import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Bus, type BusNames, busNames, connectBus } from "@tender/bus";
import { type DocumentServer, startDocumentServer } from "@tender/egress/testing";
import {
  type ServiceProcess,
  serviceStarted,
  startServiceProcess,
  testNatsUrl,
  uniqueBusToken,
  workerProcessEnv,
} from "@tender/testing";
import { afterAll, beforeAll } from "vitest";

// Test helper: the built service (`pnpm build` first; scripts/test.sh does) run as a child
// process, so a test can kill, stop or run several of them for real.
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

/** A downloader started by a test. */
export type DownloaderProcess = ServiceProcess;

/** What `useDownloaderProcesses` sets up for a test file; read the fields inside tests. */
export interface DownloaderProcesses {
  readonly server: DocumentServer;
  /** Directory of the filesystem storage. */
  readonly root: string;
  readonly names: BusNames;
  /** Starts a downloader on the file's database, bus prefix, storage and document server. */
  start(env?: Record<string, string>): DownloaderProcess;
}

/**
 * Per test file: a document server on 127.0.0.1, a storage directory and a bus prefix for
 * downloaders started as child processes; afterwards kills them and removes the streams and files.
 */
export function useDownloaderProcesses(database: { readonly url: string }): DownloaderProcesses {
  const prefix = `t${uniqueBusToken()}`;
  const names = busNames(prefix);
  const started: DownloaderProcess[] = [];
  let bus: Bus | undefined;
  let server: DocumentServer | undefined;
  let root: string | undefined;
  beforeAll(async () => {
    if (!existsSync(MAIN))
      throw new Error(`${MAIN} is missing: run \`pnpm build\` before the integration tests`);
    bus = await connectBus({ servers: testNatsUrl(), name: "downloader-process-test" });
    root = await mkdtemp(join(tmpdir(), "downloader-process-"));
    server = await startDocumentServer("127.0.0.1");
  });
  afterAll(async () => {
    for (const { child } of started)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const stream of [names.stream, names.dlqStream])
      await bus?.jsm.streams.delete(stream).catch(() => {});
    await server?.close();
    await bus?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useDownloaderProcesses: read it inside a test");
    return value;
  };
  return {
    get server() {
      return ready(server);
    },
    get root() {
      return ready(root);
    },
    names,
    start(env = {}) {
      const service = startServiceProcess(MAIN, {
        ...workerProcessEnv({
          databaseUrl: database.url,
          busPrefix: prefix,
          storageDir: ready(root),
          logLevel: "info",
        }),
        DOWNLOAD_ALLOWED_HOSTS: `127.0.0.1:${ready(server).port}`,
        DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: "true",
        ...env,
      });
      started.push(service);
      return service;
    },
  };
}

/** Waits for the process's "Downloader started" line (25 s at most); returns its health port. */
export function downloaderStarted(service: DownloaderProcess): Promise<number> {
  return serviceStarted(service, "Downloader started");
}
