import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { busNames, connectBus } from "@tender/bus";
import { runCaptured } from "@tender/cli";
import { type DemoSystem, type DemoSystemOptions, startDemoSystem } from "@tender/demo";
import { freePort } from "@tender/net";
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueBusToken } from "@tender/testing";

/** One test file's whole system: its own database, bus prefix, ports and storage folder. */
export interface E2eSystem {
  testDb: TestDatabase;
  system: DemoSystem;
  busPrefix: string;
  /** Every line the services wrote, `service | line`. */
  logs: string[];
  /** Stops the services and removes what the file created (streams, database, files). */
  close(): Promise<void>;
}

/**
 * Starts the services from their built `dist` (run `tsc -b` first) against a fresh migrated
 * database and streams of their own, with the demo's replay server as every source.
 */
export async function startE2eSystem(
  options: Pick<DemoSystemOptions, "services" | "overrides" | "replayAvailable" | "data"> = {},
): Promise<E2eSystem> {
  const testDb = await createTestDatabase();
  const busPrefix = `e2e${uniqueBusToken()}`;
  const storageDir = await mkdtemp(join(tmpdir(), "tender-e2e-"));
  const logs: string[] = [];
  const cleanUp = async () => {
    const bus = await connectBus({ servers: testNatsUrl(), name: "e2e-cleanup" });
    const names = busNames(busPrefix);
    for (const stream of [names.stream, names.dlqStream])
      await bus.jsm.streams.delete(stream).catch(() => {});
    await bus.close();
    await testDb.destroy();
    await rm(storageDir, { recursive: true, force: true });
  };
  let system: DemoSystem;
  try {
    system = await startDemoSystem({
      ...options,
      databaseUrl: testDb.url,
      natsUrl: testNatsUrl(),
      busPrefix,
      gatewayPort: await freePort("127.0.0.1"),
      storageDir,
      logLevel: "info",
      baseEnv: process.env.PATH ? { PATH: process.env.PATH } : {},
      onLine: (service, line) => logs.push(`${service} | ${line}`),
      readyTimeoutMs: 90_000,
    });
  } catch (error) {
    await cleanUp();
    throw new Error(`${(error as Error).message}\n${logs.slice(-40).join("\n")}`, { cause: error });
  }
  return {
    testDb,
    system,
    busPrefix,
    logs,
    close: async () => {
      await system.stop(15_000);
      await cleanUp();
    },
  };
}

/** A new API key made the way an operator makes one: `tender keys create`. */
export async function createKeyWithCli(databaseUrl: string): Promise<string> {
  const run = await runCaptured(["keys", "create", "--name", "e2e", "--limit-per-minute", "1000", "--json"], {
    DATABASE_URL: databaseUrl,
  });
  if (run.code !== 0) throw new Error(`tender keys create failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { key: string }).key;
}

/** `POST` JSON to the gateway with the key; the status and parsed body. */
export async function postJson<T>(
  url: string,
  apiKey: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
