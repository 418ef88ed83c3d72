import { createFakeProvider } from "@tender/ai";
import type { BusTopology } from "@tender/bus";
import { createApiKey } from "@tender/db";
import { metadataAddressReason } from "@tender/egress";
import { seedTender, useTestBus, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runNotifier } from "./run-notifier.js";
import { indexedEvent, publishBody } from "./testing/indexed-event.js";
import { saveSearch, TEST_WEBHOOK_KEY, TEST_WEBHOOK_SECRET } from "./testing/save-search.js";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/webhook-receiver.js";

// The scenario of a customer whose receivers accept and never answer: two such keys with 16
// saved searches each, and a third key with a healthy receiver, all matching every tender. The
// notifier runs the production delivery settings (8 slots, 10 s per attempt, caps of 2 per key
// and per host), in this process against the real PostgreSQL and NATS, receivers on 127.0.0.1.
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const t = useTestDatabase();
const tb = useTestBus("notifier-fair-test");
const TEXT = "Cleaning of the central bus station and its waiting rooms.";
const TENDERS = 20;
let topology: BusTopology;
let healthy: WebhookReceiver;
const hanging: WebhookReceiver[] = [];
const stop = new AbortController();
let running: Promise<void>;

beforeAll(async () => {
  topology = await tb.freshTopology({
    delivery: { ackWaitMs: 5_000, maxDeliver: 3, backoff: { initialMs: 100, maxMs: 200 } },
  });
  healthy = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
  for (const name of ["slow-a", "slow-b"]) {
    const receiver = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
    receiver.mode = "hang";
    hanging.push(receiver);
    const apiKeyId = (await createApiKey(t.db, { name, limitPerMinute: 60 })).id;
    for (let i = 0; i < 16; i++) await saveSearch(t.db, { query: TEXT, apiKeyId, webhookUrl: receiver.url });
  }
  await saveSearch(t.db, { query: TEXT, webhookUrl: healthy.url });
  running = runNotifier(
    {
      db: t.db,
      js: tb.bus.js,
      topology,
      ai: createFakeProvider(),
      logger: silent,
      concurrency: 2,
      delivery: {
        egress: {
          timeoutMs: 10_000,
          firstByteTimeoutMs: 10_000,
          allowHttp: true,
          addressReason: metadataAddressReason,
        },
        secretKey: TEST_WEBHOOK_KEY,
        concurrency: 8,
        perKey: 2,
        perHost: 2,
        pollIntervalMs: 1_000,
        retryFirstMs: 60_000,
        retryWindowMs: 86_400_000,
      },
    },
    stop.signal,
  );
});
afterAll(async () => {
  // Closing the receivers ends the attempts they hold, so the notifier stops at once.
  for (const receiver of hanging) await receiver.close();
  stop.abort();
  await running;
  await healthy.close();
});

describe("fair webhook delivery", () => {
  it("two keys whose 32 receivers never answer keep a third key's p95 delivery latency under 1 s", async () => {
    const tenderIds: string[] = [];
    for (let i = 0; i < TENDERS; i++) {
      const tender = await seedTender(t.db, { chunks: [TEXT] });
      tenderIds.push(tender.id);
      await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await vi.waitFor(() => expect(healthy.delivered()).toHaveLength(TENDERS), {
      timeout: 60_000,
      interval: 100,
    });
    const matched = await t.db
      .selectFrom("saved_search_matches")
      .select(["id", "matched_at"])
      .where("tender_id", "in", tenderIds)
      .execute();
    // Every tender matched all 33 saved searches: the slow keys' alerts were due all along.
    expect(matched).toHaveLength(TENDERS * 33);
    const matchedAt = new Map(matched.map((m) => [m.id, m.matched_at.getTime()]));
    const latencies = healthy.received
      .map((r) => r.at - (matchedAt.get(r.alertId) ?? Number.NaN))
      .sort((a, b) => a - b);
    expect(latencies).toHaveLength(TENDERS);
    const p95 = latencies[Math.ceil(0.95 * latencies.length) - 1] ?? Number.POSITIVE_INFINITY;
    expect(p95).toBeLessThan(1_000);
    // The slow receivers are held to their caps: two attempts each at a time.
    for (const receiver of hanging) {
      expect(receiver.server.maxOpen).toBeLessThanOrEqual(2);
      expect(receiver.received.length).toBeGreaterThan(0);
    }
  });
});
