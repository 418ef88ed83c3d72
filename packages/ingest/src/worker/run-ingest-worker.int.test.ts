import { busNames, busTopology, connectBus, ensureTopology } from "@tender/bus";
import { testNatsUrl, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { describe, expect, it, vi } from "vitest";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import type { SourceAdapter } from "../sync/source-adapter.js";
import { tenderCandidate } from "../testing/tender-candidate.js";
import { runIngestWorker } from "./run-ingest-worker.js";

const testDb = useTestDatabase();

const adapter: SourceAdapter = {
  code: "worker_test",
  async fetchPage() {
    return {
      items: ["w-1", "w-2"],
      nextCursor: null,
      map: (id) => validateTenderRecord(tenderCandidate("worker_test", String(id))),
    };
  },
};

describe("runIngestWorker", () => {
  it("syncs, relays the events to JetStream, answers probes and stops on abort", async () => {
    const names = busNames(`t${uniqueBusToken()}`);
    const bus = await connectBus({ servers: testNatsUrl(), name: "ingest-worker-test" });
    await ensureTopology(bus.jsm, busTopology({ names }));
    const infos: Array<Record<string, unknown>> = [];
    const quiet = () => {};
    const logger = {
      debug: quiet,
      warn: quiet,
      error: quiet,
      info: (obj: Record<string, unknown>) => void infos.push(obj),
    };
    const shutdown = new AbortController();
    try {
      const worker = runIngestWorker({
        db: testDb.db,
        bus,
        logger,
        adapter,
        subject: names.subject,
        syncIntervalMs: 60_000,
        healthPort: 0,
        signal: shutdown.signal,
      });
      await vi.waitFor(
        async () => expect((await bus.jsm.streams.info(names.stream)).state.messages).toBe(2),
        { timeout: 20_000, interval: 100 },
      );
      const port = infos.find((i) => "health_port" in i)?.health_port;
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", nats: "ok" } });
      expect(infos.some((i) => i.created === 2 && i.stop === "end")).toBe(true);

      shutdown.abort();
      await worker;
      await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
    } finally {
      shutdown.abort();
      await bus.jsm.streams.delete(names.stream).catch(() => {});
      await bus.jsm.streams.delete(names.dlqStream).catch(() => {});
      await bus.close();
    }
  });
});
