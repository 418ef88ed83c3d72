import { randomUUID } from "node:crypto";
import { jetstream } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import {
  type BusTopology,
  OutboxPublishError,
  type OutboxPublisher,
  type OutboxStore,
  pruneOutbox,
  relayOutboxOnce,
  runConsumer,
  runOutboxRelay,
} from "@tender/bus";
import type { TenderChangedV1 } from "@tender/contracts";
import { countUnpublishedOutbox, enqueueTenderChanged } from "@tender/db";
import { testNatsUrl, useTestBus, useTestDatabase } from "@tender/testing";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxStore } from "./outbox-store.js";

const waitLong = { timeout: 20_000, interval: 50 };

/** Records every log call, so tests can check that payloads never reach the logs. */
function recordingLogger() {
  const lines: string[] = [];
  const log = (obj: Record<string, unknown>, msg: string) => void lines.push(`${msg} ${JSON.stringify(obj)}`);
  return { lines, logger: { debug: log, info: log, warn: log, error: log } };
}

const testDb = useTestDatabase();
const t = useTestBus("bus-outbox-relay-test");
let outbox: OutboxStore;

beforeAll(async () => {
  outbox = outboxStore(testDb.db);
});

beforeEach(async () => {
  await testDb.db.deleteFrom("outbox").execute();
});

const freshTopology = () => t.freshTopology();

async function enqueue(topology: BusTopology, count: number): Promise<TenderChangedV1[]> {
  return testDb.db.transaction().execute(async (trx) => {
    const events: TenderChangedV1[] = [];
    for (let i = 0; i < count; i += 1) {
      const contentHash = i.toString(16).padStart(64, "0");
      events.push(
        await enqueueTenderChanged(trx, {
          tenderId: randomUUID(),
          contentHash,
          subject: topology.names.subject,
        }),
      );
    }
    return events;
  });
}

const streamMessages = (stream: string) => t.streamMessages(stream);

/** A JetStream client whose connection is closed: every publish fails, as when NATS is down. */
async function closedPublisher(): Promise<OutboxPublisher> {
  const nc = await connect({ servers: testNatsUrl() });
  const js = jetstream(nc);
  await nc.close();
  return js;
}

describe("relayOutboxOnce", () => {
  it("publishes with Nats-Msg-Id = event id and marks the rows published", async () => {
    const topology = await freshTopology();
    const [event] = await enqueue(topology, 1);
    const { logger } = recordingLogger();
    expect(await relayOutboxOnce({ outbox, js: t.bus.js, logger })).toBe(1);
    expect(await relayOutboxOnce({ outbox, js: t.bus.js, logger })).toBe(0);

    const [m] = await streamMessages(topology.names.stream);
    expect(m?.subject).toBe(topology.names.subject);
    expect(m?.header.get("Nats-Msg-Id")).toBe(event?.event_id);
    expect(m?.json()).toEqual(event);
    const row = await testDb.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.published_at).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(await countUnpublishedOutbox(testDb.db)).toBe(0);
  });

  it("does not store a row twice when it is published again (crash before commit)", async () => {
    const topology = await freshTopology();
    await enqueue(topology, 1);
    const { logger } = recordingLogger();
    await relayOutboxOnce({ outbox, js: t.bus.js, logger });
    await testDb.db.updateTable("outbox").set({ published_at: null }).execute();
    expect(await relayOutboxOnce({ outbox, js: t.bus.js, logger })).toBe(1);
    expect(await streamMessages(topology.names.stream)).toHaveLength(1);
  });

  it("keeps the rows queued and records the failure when NATS is unavailable", async () => {
    const topology = await freshTopology();
    await enqueue(topology, 3);
    const { logger, lines } = recordingLogger();
    await expect(relayOutboxOnce({ outbox, js: await closedPublisher(), logger })).rejects.toBeInstanceOf(
      OutboxPublishError,
    );
    expect(await countUnpublishedOutbox(testDb.db)).toBe(3);
    const rows = await testDb.db.selectFrom("outbox").selectAll().orderBy("id").execute();
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
    expect(rows.every((r) => r.last_error)).toBe(true);
    expect(lines.join("\n")).not.toContain(rows[0]?.payload.content_hash);
    expect(await streamMessages(topology.names.stream)).toHaveLength(0);
  });
});

describe("relayOutboxOnce pipelining", () => {
  it("sends the whole batch before the first acknowledgement, in order, and marks every row published", async () => {
    const topology = await freshTopology();
    const events = await enqueue(topology, 20);
    let inFlight = 0;
    let maxInFlight = 0;
    const sent: string[] = [];
    const watching: OutboxPublisher = {
      publish: async (subject, payload, options) => {
        sent.push(options?.msgID ?? "");
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          return await t.bus.js.publish(subject, payload, options);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const { logger } = recordingLogger();
    expect(await relayOutboxOnce({ outbox, js: watching, logger, batchSize: 20 })).toBe(20);
    expect(maxInFlight).toBe(20);
    expect(sent).toEqual(events.map((e) => e.event_id));
    const stored = await streamMessages(topology.names.stream);
    expect(stored.map((m) => m.header.get("Nats-Msg-Id"))).toEqual(events.map((e) => e.event_id));
    expect(await countUnpublishedOutbox(testDb.db)).toBe(0);
  });

  it("marks the acknowledged rows published and keeps only the refused ones queued", async () => {
    const topology = await freshTopology();
    const events = await enqueue(topology, 5);
    const refused = new Set([events[1]?.event_id, events[3]?.event_id]);
    const flaky: OutboxPublisher = {
      publish: (subject, payload, options) =>
        refused.has(options?.msgID)
          ? Promise.reject(new Error("no responders"))
          : t.bus.js.publish(subject, payload, options),
    };
    const { logger, lines } = recordingLogger();
    await expect(relayOutboxOnce({ outbox, js: flaky, logger })).rejects.toBeInstanceOf(OutboxPublishError);
    const rows = await testDb.db.selectFrom("outbox").selectAll().orderBy("id").execute();
    expect(rows.map((r) => r.published_at !== null)).toEqual([true, false, true, false, true]);
    expect(rows.map((r) => r.last_error)).toEqual([
      null,
      "Error: no responders",
      null,
      "Error: no responders",
      null,
    ]);
    expect(lines.filter((l) => l.startsWith("Outbox events not published"))).toHaveLength(1);
    expect(await relayOutboxOnce({ outbox, js: t.bus.js, logger })).toBe(2);
    expect(await streamMessages(topology.names.stream)).toHaveLength(5);
  });
});

describe("outbox retention", () => {
  it("deletes published rows older than the retention window, in batches, and keeps the rest", async () => {
    const topology = await freshTopology();
    await enqueue(topology, 25);
    const { logger, lines } = recordingLogger();
    await relayOutboxOnce({ outbox, js: t.bus.js, logger, batchSize: 20 });
    // 20 published: 12 of them long ago; 5 still queued.
    const old = await testDb.db
      .selectFrom("outbox")
      .select("id")
      .where("published_at", "is not", null)
      .orderBy("id")
      .limit(12)
      .execute();
    await testDb.db
      .updateTable("outbox")
      .set({ published_at: new Date(Date.now() - 8 * 86_400_000) })
      .where(
        "id",
        "in",
        old.map((r) => r.id),
      )
      .execute();
    expect(await pruneOutbox(outbox, 7 * 86_400_000, 5)).toBe(12);
    const left = await testDb.db.selectFrom("outbox").select(["id", "published_at"]).execute();
    expect(left).toHaveLength(13);
    expect(left.filter((r) => r.published_at === null)).toHaveLength(5);
    expect(await countUnpublishedOutbox(testDb.db)).toBe(5);

    // The running relay prunes by itself.
    await testDb.db
      .updateTable("outbox")
      .set({ published_at: new Date(Date.now() - 86_400_000) })
      .where("published_at", "is not", null)
      .execute();
    const controller = new AbortController();
    const running = runOutboxRelay({
      outbox,
      js: t.bus.js,
      logger,
      retentionMs: 3_600_000,
      pollIntervalMs: 10,
      signal: controller.signal,
    });
    await vi.waitFor(async () => {
      const rows = await testDb.db.selectFrom("outbox").select("published_at").execute();
      // The 8 old rows went; the 5 queued ones were published just now and stay.
      expect(rows).toHaveLength(5);
      expect(rows.every((r) => r.published_at !== null)).toBe(true);
    }, waitLong);
    controller.abort();
    await running;
    expect(lines.some((l) => l.startsWith("Old published outbox events deleted"))).toBe(true);
  });
});

describe("runOutboxRelay", () => {
  it("keeps retrying while NATS is unavailable and publishes everything once it is back", async () => {
    const topology = await freshTopology();
    const events = await enqueue(topology, 3);
    let target = await closedPublisher();
    const js: OutboxPublisher = { publish: (...args) => target.publish(...args) };
    const { logger, lines } = recordingLogger();
    const controller = new AbortController();
    const relay = runOutboxRelay({
      outbox,
      js,
      logger,
      pollIntervalMs: 10,
      maxBackoffMs: 50,
      signal: controller.signal,
    });

    await vi.waitFor(async () => {
      const first = await testDb.db
        .selectFrom("outbox")
        .select("attempts")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      expect(first.attempts).toBeGreaterThanOrEqual(3);
    }, waitLong);
    expect(await countUnpublishedOutbox(testDb.db)).toBe(3);

    target = t.bus.js;
    await vi.waitFor(async () => expect(await countUnpublishedOutbox(testDb.db)).toBe(0), waitLong);
    controller.abort();
    await relay;

    const ids = (await streamMessages(topology.names.stream)).map((m) => m.header.get("Nats-Msg-Id"));
    expect(ids).toEqual(events.map((e) => e.event_id));
    const log = lines.join("\n");
    for (const e of events) expect(log).not.toContain(e.content_hash);
  });

  it("with two relays at once publishes each of 200 rows exactly once", async () => {
    const topology = await freshTopology();
    const events = await enqueue(topology, 200);
    const calls = new Map<string, number>();
    const counting: OutboxPublisher = {
      publish: (subject, payload, options) => {
        const id = options?.msgID ?? "";
        calls.set(id, (calls.get(id) ?? 0) + 1);
        return t.bus.js.publish(subject, payload, options);
      },
    };
    const { logger } = recordingLogger();
    const controller = new AbortController();
    const options = {
      outbox,
      js: counting,
      logger,
      batchSize: 7,
      pollIntervalMs: 10,
      signal: controller.signal,
    };
    const relays = [runOutboxRelay(options), runOutboxRelay(options)];

    await vi.waitFor(async () => expect(await countUnpublishedOutbox(testDb.db)).toBe(0), waitLong);
    controller.abort();
    await Promise.all(relays);

    expect(calls.size).toBe(200);
    for (const e of events) expect(calls.get(e.event_id)).toBe(1);
    const stored = await streamMessages(topology.names.stream);
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((m) => m.header.get("Nats-Msg-Id")))).toEqual(
      new Set(events.map((e) => e.event_id)),
    );
  });
});

/**
 * Runs `consumer` until it has acknowledged through stream sequence `seq` with nothing pending,
 * and returns the events it handled.
 */
async function consumeThrough(
  topology: BusTopology,
  consumer: string,
  seq: number,
): Promise<TenderChangedV1[]> {
  const received: TenderChangedV1[] = [];
  const controller = new AbortController();
  const running = runConsumer({
    js: t.bus.js,
    entry: topology.catalog.tenderChanged,
    consumer,
    handler: async (e) => {
      received.push(e);
    },
    logger: recordingLogger().logger,
    signal: controller.signal,
  });
  await vi.waitFor(async () => {
    const info = await t.bus.jsm.consumers.info(topology.names.stream, consumer);
    expect(info.ack_floor.stream_seq).toBe(seq);
    expect(info.num_pending).toBe(0);
  }, waitLong);
  controller.abort();
  await running;
  return received;
}

describe("outbox to consumer", () => {
  it("delivers an event from the outbox through JetStream to a consumer", async () => {
    const topology = await freshTopology();
    const [event] = await enqueue(topology, 1);
    const { logger } = recordingLogger();
    await relayOutboxOnce({ outbox, js: t.bus.js, logger });

    expect(await consumeThrough(topology, topology.names.consumers.downloader, 1)).toEqual([event]);
  });

  it("hands a re-published outbox event to the consumer once (Nats-Msg-Id dedup)", async () => {
    const topology = await freshTopology();
    const [event, other] = await enqueue(topology, 2);
    const { logger } = recordingLogger();
    expect(await relayOutboxOnce({ outbox, js: t.bus.js, logger })).toBe(2);
    // A relay that published the first row but crashed before its commit: the row is claimed
    // and published again by the next relay pass.
    await testDb.db
      .updateTable("outbox")
      .set({ published_at: null })
      .where("event_id", "=", event?.event_id ?? "")
      .execute();
    expect(await relayOutboxOnce({ outbox, js: t.bus.js, logger })).toBe(1);
    expect(await countUnpublishedOutbox(testDb.db)).toBe(0);

    const received = await consumeThrough(topology, topology.names.consumers.indexer, 2);
    expect(received.map((e) => e.event_id)).toEqual([event?.event_id, other?.event_id]);
    expect(await streamMessages(topology.names.stream)).toHaveLength(2);
  });
});
