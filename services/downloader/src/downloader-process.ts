import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Bus, type BusNames, busNames, connectBus } from "@tender/bus";
import { type DocumentServer, startDocumentServer } from "@tender/egress/testing";
import { testNatsUrl, uniqueBusToken, workerProcessEnv } from "@tender/testing";
import { afterAll, beforeAll } from "vitest";

// Test helper: the built service (`pnpm build` first; scripts/test.sh does) run as a child
// process, so a test can kill, stop or run several of them for real.
const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));

/** A downloader started by a test. */
export interface DownloaderProcess {
  child: ChildProcess;
  /** JSON log lines written so far. */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

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
      const service = startDownloaderProcess({
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

function startDownloaderProcess(env: Record<string, string | undefined>): DownloaderProcess {
  const child = spawn(process.execPath, [MAIN], { env, stdio: ["ignore", "pipe", "pipe"] });
  const logs: Record<string, unknown>[] = [];
  let buffered = "";
  child.stdout?.on("data", (data: Buffer) => {
    buffered += data.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) logs.push(JSON.parse(line));
  });
  child.stderr?.on("data", (data: Buffer) => process.stderr.write(data));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, logs, exited };
}

/** Waits for the process's "Downloader started" line (25 s at most); returns its health port. */
export async function downloaderStarted(service: DownloaderProcess): Promise<number> {
  for (const deadline = Date.now() + 25_000; Date.now() < deadline; ) {
    const line = service.logs.find((l) => l.msg === "Downloader started");
    if (line) return Number(line.health_port);
    if (service.child.exitCode !== null) throw new Error(`downloader exited with ${service.child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("downloader did not start within 25 s");
}
