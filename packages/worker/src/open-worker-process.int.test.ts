import { EventEmitter } from "node:events";
import { busNames } from "@tender/bus";
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueBusToken } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openWorkerProcess } from "./open-worker-process.js";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.destroy());

function options(prefix: string, healthPort?: number) {
  const lines: Array<Record<string, unknown>> = [];
  const signals = new EventEmitter();
  return {
    lines,
    signals,
    open: () =>
      openWorkerProcess({
        name: "worker-process-test",
        env: {
          LOG_LEVEL: "info",
          DATABASE_URL: t.url,
          DATABASE_POOL_MAX: 2,
          DATABASE_STATEMENT_TIMEOUT_MS: 10_000,
          DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10_000,
          NATS_URL: testNatsUrl(),
          NATS_STREAM_REPLICAS: 1,
          BUS_PREFIX: prefix,
        },
        stoppingMessage: "Stopping: finishing work in progress",
        ...(healthPort === undefined ? {} : { healthPort }),
        signals,
        logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
      }),
  };
}

describe("openWorkerProcess", () => {
  it("opens database, NATS with its topology and probes; the first signal aborts, close releases all", async () => {
    const prefix = `t${uniqueBusToken()}`;
    const names = busNames(prefix);
    const { lines, signals, open } = options(prefix, 0);
    const worker = await open();
    try {
      expect(worker.topology.names).toEqual(names);
      expect((await worker.bus.jsm.streams.info(names.stream)).config.subjects).toEqual([
        names.subject,
        names.indexedSubject,
      ]);
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(worker.db)).rows).toEqual([{ one: 1 }]);
      const ready = await fetch(`http://127.0.0.1:${worker.healthPort}/health/ready`);
      expect([ready.status, await ready.json()]).toEqual([
        200,
        { status: "ready", checks: { database: "ok", nats: "ok" } },
      ]);
      expect(worker.signal.aborted).toBe(false);

      signals.emit("SIGTERM", "SIGTERM");
      signals.emit("SIGINT", "SIGINT");
      expect(worker.signal.aborted).toBe(true);
      const stopping = lines.filter((l) => l.msg === "Stopping: finishing work in progress");
      expect(stopping).toMatchObject([{ signal: "SIGTERM", name: "worker-process-test" }]);
    } finally {
      await worker.bus.jsm.streams.delete(names.stream).catch(() => {});
      await worker.bus.jsm.streams.delete(names.dlqStream).catch(() => {});
      await worker.close("Worker stopped");
    }
    expect(lines.at(-1)).toMatchObject({ msg: "Worker stopped" });
    expect(worker.bus.nc.isClosed()).toBe(true);
    await expect(sql`SELECT 1`.execute(worker.db)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${worker.healthPort}/health/live`)).rejects.toThrow();
  });

  it("serves no probes without a health port", async () => {
    const prefix = `t${uniqueBusToken()}`;
    const names = busNames(prefix);
    const worker = await options(prefix).open();
    expect(worker.healthPort).toBeUndefined();
    await worker.bus.jsm.streams.delete(names.stream).catch(() => {});
    await worker.bus.jsm.streams.delete(names.dlqStream).catch(() => {});
    await worker.close("Worker stopped");
  });
});
