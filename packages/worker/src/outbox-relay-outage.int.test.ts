import { randomUUID } from "node:crypto";
import { type Bus, busNames, busTopology, connectBus, ensureTopology, runOutboxRelay } from "@tender/bus";
import { countUnpublishedOutbox, enqueueTenderChanged } from "@tender/db";
import { startTcpProxy, type TcpProxy, testNatsUrl, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { outboxStore } from "./outbox-store.js";

// The relay's NATS connection goes through a TCP proxy, so the test takes the network away
// from a long-running relay and gives it back, while the real NATS server keeps running.
const testDb = useTestDatabase();
let admin: Bus;
let relayBus: Bus;
let proxy: TcpProxy;
const topology = busTopology({ names: busNames(`t${uniqueBusToken()}`) });
const waitLong = { timeout: 25_000, interval: 100 };

beforeAll(async () => {
  admin = await connectBus({ servers: testNatsUrl(), name: "relay-outage-admin" });
  await ensureTopology(admin.jsm, topology);
  const nats = new URL(testNatsUrl());
  proxy = await startTcpProxy({ host: nats.hostname, port: Number(nats.port || 4222) });
  relayBus = await connectBus({ servers: `nats://${proxy.address}`, name: "relay-outage-relay" });
});

afterAll(async () => {
  await proxy.close();
  await relayBus.nc.close();
  for (const stream of [topology.names.stream, topology.names.dlqStream]) {
    await admin.jsm.streams.delete(stream).catch(() => {});
  }
  await admin.close();
});

async function enqueue(count: number): Promise<string[]> {
  return testDb.db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const event = await enqueueTenderChanged(trx, {
        tenderId: randomUUID(),
        contentHash: randomUUID().replaceAll("-", "").repeat(2),
        subject: topology.names.subject,
      });
      ids.push(event.event_id);
    }
    return ids;
  });
}

async function publishedMsgIds(): Promise<string[]> {
  const { state } = await admin.jsm.streams.info(topology.names.stream);
  const ids: string[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
    const m = await admin.jsm.streams.getMessage(topology.names.stream, { seq });
    if (m) ids.push(m.header.get("Nats-Msg-Id"));
  }
  return ids;
}

it("a running relay keeps events in the outbox while NATS is unreachable and publishes them once it is back", async () => {
  const controller = new AbortController();
  const relay = runOutboxRelay({
    outbox: outboxStore(testDb.db),
    js: relayBus.js,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    pollIntervalMs: 20,
    maxBackoffMs: 300,
    publishTimeoutMs: 1_000,
    signal: controller.signal,
  });
  try {
    const before = await enqueue(2);
    await vi.waitFor(async () => expect(await countUnpublishedOutbox(testDb.db)).toBe(0), waitLong);

    await proxy.cut();
    const during = await enqueue(3);
    await vi.waitFor(async () => {
      const rows = await testDb.db
        .selectFrom("outbox")
        .select("attempts")
        .where("published_at", "is", null)
        .execute();
      expect(rows.some((r) => r.attempts >= 1)).toBe(true);
    }, waitLong);
    expect(await countUnpublishedOutbox(testDb.db)).toBe(3);

    await proxy.restore();
    await vi.waitFor(async () => expect(await countUnpublishedOutbox(testDb.db)).toBe(0), waitLong);

    // Every event is in the stream exactly once, in order, even if a publish buffered during
    // the outage reached the server after the relay had given up on it (Nats-Msg-Id dedup).
    expect(await publishedMsgIds()).toEqual([...before, ...during]);
  } finally {
    controller.abort();
    await relay;
  }
}, 60_000);
