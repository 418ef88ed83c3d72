import { EventEmitter } from "node:events";
import { busNames } from "@tender/bus";
import {
  createTestDatabase,
  seedTender,
  type TestDatabase,
  testNatsUrl,
  uniqueBusToken,
} from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openWorkerProcess } from "./open-worker-process.js";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.destroy());

function options(prefix: string, healthPort?: number, ackWaitMs?: number) {
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
          ...(ackWaitMs === undefined ? {} : { NATS_ACK_WAIT_MS: ackWaitMs }),
        },
        stoppingMessage: "Stopping: finishing work in progress",
        ...(healthPort === undefined ? {} : { healthPort }),
        signals,
        logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
      }),
  };
}

describe("openWorkerProcess", () => {
  it("sets NATS_ACK_WAIT_MS as every consumer's ack wait, 60 s without it", async () => {
    for (const [ackWaitMs, expected] of [
      [5_000, 5_000],
      [undefined, 60_000],
    ] as const) {
      const prefix = `t${uniqueBusToken()}`;
      const names = busNames(prefix);
      const worker = await options(prefix, undefined, ackWaitMs).open();
      try {
        for (const consumer of Object.values(names.consumers)) {
          const info = await worker.bus.jsm.consumers.info(names.stream, consumer);
          expect(info.config.ack_wait, consumer).toBe(expected * 1_000_000);
        }
      } finally {
        await worker.bus.jsm.streams.delete(names.stream).catch(() => {});
        await worker.bus.jsm.streams.delete(names.dlqStream).catch(() => {});
        await worker.close("Worker stopped");
      }
    }
  });

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

  it("serves /metrics on the probe port: consumer and dead-letter gauges from NATS, the outbox from the database", async () => {
    const prefix = `t${uniqueBusToken()}`;
    const names = busNames(prefix);
    const { open } = options(prefix, 0);
    const worker = await open();
    try {
      await seedTender(t.db, { eventSubject: names.subject });
      await worker.bus.js.publish(names.subject, "{}", { msgID: "metrics-1" });
      await worker.bus.js.publish(names.dlqSubject, "{}");
      const res = await fetch(`http://127.0.0.1:${worker.healthPort}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      const value = (series: string) => Number(new RegExp(`^${series} (\\S+)$`, "m").exec(text)?.[1]);
      expect(value('tender_consumer_pending{consumer="indexer"}')).toBe(1);
      expect(value('tender_consumer_pending{consumer="downloader"}')).toBe(1);
      expect(value('tender_consumer_ack_pending{consumer="indexer"}')).toBe(0);
      expect(value('tender_consumer_redelivered{consumer="indexer"}')).toBe(0);
      expect(value(`tender_dead_letters{stream="${names.dlqStream}"}`)).toBe(1);
      expect(value("tender_outbox_backlog")).toBeGreaterThanOrEqual(1);
      expect(value("tender_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
      expect(text).toContain("tender_nodejs_eventloop_lag_seconds");
    } finally {
      await worker.bus.jsm.streams.delete(names.stream).catch(() => {});
      await worker.bus.jsm.streams.delete(names.dlqStream).catch(() => {});
      await worker.close("Worker stopped");
    }
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
