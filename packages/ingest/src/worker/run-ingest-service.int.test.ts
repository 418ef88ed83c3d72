import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { busNames, connectBus } from "@tender/bus";
import { testNatsUrl, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { describe, expect, it, vi } from "vitest";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import type { SourceAdapter } from "../sync/source-adapter.js";
import { tenderCandidate } from "../testing/tender-candidate.js";
import { runIngestService } from "./run-ingest-service.js";

const testDb = useTestDatabase();
const adapter: SourceAdapter = {
  code: "service_test",
  async fetchPage() {
    return {
      items: ["s-1"],
      nextCursor: null,
      map: (id) => validateTenderRecord(tenderCandidate("service_test", String(id))),
    };
  },
};

describe("runIngestService", () => {
  it("opens its own database pool and NATS connection, syncs and relays, and returns after SIGTERM", async () => {
    const prefix = `t${uniqueBusToken()}`;
    const names = busNames(prefix);
    const signals = new EventEmitter();
    const observer = await connectBus({ servers: testNatsUrl(), name: "ingest-service-test" });
    // Events published three hours and one hour ago: only the first is past the retention.
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await testDb.db
      .insertInto("outbox")
      .values(
        [3, 1].map((hours) => ({
          event_id: randomUUID(),
          subject: `retention.${hours}h`,
          payload: "{}",
          published_at: hoursAgo(hours),
        })),
      )
      .execute();
    try {
      const service = runIngestService({
        name: "ingest-service-test",
        config: {
          DATABASE_URL: testDb.url,
          DATABASE_POOL_MAX: 2,
          DATABASE_STATEMENT_TIMEOUT_MS: 10_000,
          DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10_000,
          NATS_URL: testNatsUrl(),
          NATS_STREAM_REPLICAS: 1,
          NATS_ACK_WAIT_MS: 60_000,
          LOG_LEVEL: "silent",
          BUS_PREFIX: prefix,
          SYNC_ALLOWED_HOSTS: undefined,
          HTTP_TIMEOUT_MS: 1_000,
          HTTP_MAX_RESPONSE_BYTES: 1024,
          SYNC_INTERVAL_MS: 60_000,
          HEALTH_PORT: 0,
          OUTBOX_RETENTION_HOURS: 2,
          OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
          OTEL_SERVICE_NAME: undefined,
        },
        createAdapter: () => adapter,
        signals,
      });
      await vi.waitFor(
        async () => expect((await observer.jsm.streams.info(names.stream)).state.messages).toBe(1),
        { timeout: 20_000, interval: 100 },
      );
      signals.emit("SIGTERM", "SIGTERM");
      await service;
      expect(await testDb.db.selectFrom("tenders").select("external_id").execute()).toEqual([
        { external_id: "s-1" },
      ]);
      // OUTBOX_RETENTION_HOURS reached the relay: the three-hour-old event was deleted.
      const kept = await testDb.db
        .selectFrom("outbox")
        .select("subject")
        .where("subject", "like", "retention.%")
        .execute();
      expect(kept).toEqual([{ subject: "retention.1h" }]);
    } finally {
      signals.emit("SIGTERM", "SIGTERM");
      await observer.jsm.streams.delete(names.stream).catch(() => {});
      await observer.jsm.streams.delete(names.dlqStream).catch(() => {});
      await observer.close();
    }
  });
});
