import { jetstreamManager } from "@nats-io/jetstream";
import { connect, nanos } from "@nats-io/transport-node";
import { testNatsUrl, uniqueBusToken, useTestBus } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { busNames } from "./bus-names.js";
import { busTopology } from "./bus-topology.js";
import { ensureTopology } from "./ensure-topology.js";

const names = busNames(`t${uniqueBusToken()}`);
const topology = busTopology({ names, delivery: { ackWaitMs: 20_000, maxDeliver: 4 } });
const t = useTestBus("bus-ensure-topology-test");
t.removeAfterAll(names);

describe("ensureTopology", () => {
  it("creates the streams and durable consumers, and running it again changes nothing", async () => {
    await ensureTopology(t.bus.jsm, topology);
    await t.bus.js.publish(names.subject, "{}", { msgID: "m1" });
    const before = await t.bus.jsm.consumers.info(names.stream, names.consumers.indexer);

    await ensureTopology(t.bus.jsm, topology);

    const stream = await t.bus.jsm.streams.info(names.stream);
    expect(stream.config).toMatchObject({
      subjects: [names.subject, names.indexedSubject],
      retention: "limits",
      storage: "file",
      max_age: nanos(30 * 24 * 60 * 60 * 1000),
      duplicate_window: nanos(120_000),
      max_msgs: -1,
    });
    expect(stream.state.messages).toBe(1);
    const dlq = await t.bus.jsm.streams.info(names.dlqStream);
    expect(dlq.config).toMatchObject({
      subjects: [names.dlqSubject, names.indexedDlqSubject],
      storage: "file",
      retention: "limits",
    });

    for (const durable of [names.consumers.indexer, names.consumers.downloader]) {
      const info = await t.bus.jsm.consumers.info(names.stream, durable);
      expect(info.config).toMatchObject({
        durable_name: durable,
        ack_policy: "explicit",
        deliver_policy: "all",
        filter_subject: names.subject,
        ack_wait: nanos(20_000),
        max_deliver: 5,
      });
      expect(info.num_pending).toBe(1);
    }
    const notifier = await t.bus.jsm.consumers.info(names.stream, names.consumers.notifier);
    expect(notifier.config).toMatchObject({ filter_subject: names.indexedSubject, max_deliver: 5 });
    expect(notifier.num_pending).toBe(0);
    const after = await t.bus.jsm.consumers.info(names.stream, names.consumers.indexer);
    expect(after.created).toBe(before.created);
  });

  it("adds tender.indexed.v1 to a stream made before it existed, keeping its messages", async () => {
    const older = busNames(`u${uniqueBusToken()}`);
    t.removeAfterAll(older);
    await t.bus.jsm.streams.add({ name: older.stream, subjects: [older.subject] });
    await t.bus.js.publish(older.subject, "{}", { msgID: "old" });
    await ensureTopology(t.bus.jsm, busTopology({ names: older }));
    const stream = await t.bus.jsm.streams.info(older.stream);
    expect(stream.config.subjects).toEqual([older.subject, older.indexedSubject]);
    expect(stream.state.messages).toBe(1);
  });

  it("raises a stream's replicas, never lowers them, and says so when they differ from the server's", async () => {
    const own = busNames(`t${uniqueBusToken()}`);
    t.removeAfterAll(own);
    const withReplicas = (replicas: number) => busTopology({ names: own, replicas });
    const warnings: Record<string, unknown>[] = [];
    const logger = { warn: (fields: Record<string, unknown>) => void warnings.push(fields) };
    const replicasOnServer = async () => (await t.bus.jsm.streams.info(own.stream)).config.num_replicas;

    await ensureTopology(t.bus.jsm, withReplicas(1), logger);
    await ensureTopology(t.bus.jsm, withReplicas(1), logger);
    expect(warnings).toEqual([]);
    // A single server keeps one copy whatever the setting, but records the raised number.
    await ensureTopology(t.bus.jsm, withReplicas(3), logger);
    expect(await replicasOnServer()).toBe(3);
    expect(warnings.filter((w) => w.stream === own.stream)).toEqual([
      { stream: own.stream, configured_replicas: 3, server_replicas: 1, replicas: 3 },
    ]);
    warnings.length = 0;
    await ensureTopology(t.bus.jsm, withReplicas(1), logger);
    expect(await replicasOnServer()).toBe(3);
    expect(warnings.filter((w) => w.stream === own.stream)).toEqual([
      { stream: own.stream, configured_replicas: 1, server_replicas: 3, replicas: 3 },
    ]);
  });

  it("is safe to run from several connections at once", async () => {
    const others = await Promise.all([1, 2, 3].map(() => connect({ servers: testNatsUrl() })));
    try {
      const managers = await Promise.all(others.map((nc) => jetstreamManager(nc)));
      await Promise.all(managers.map((jsm) => ensureTopology(jsm, topology)));
    } finally {
      await Promise.all(others.map((nc) => nc.close()));
    }
    expect((await t.bus.jsm.streams.info(names.stream)).state.messages).toBe(1);
  });

  it("applies changed settings to existing streams and consumers", async () => {
    const changed = busTopology({
      names,
      retentionMs: 24 * 60 * 60 * 1000,
      duplicateWindowMs: 60_000,
      delivery: { ackWaitMs: 15_000, maxDeliver: 6 },
    });
    await ensureTopology(t.bus.jsm, changed);
    const stream = await t.bus.jsm.streams.info(names.stream);
    expect(stream.config.max_age).toBe(nanos(24 * 60 * 60 * 1000));
    expect(stream.config.duplicate_window).toBe(nanos(60_000));
    expect(stream.state.messages).toBe(1);
    const consumer = await t.bus.jsm.consumers.info(names.stream, names.consumers.downloader);
    expect(consumer.config.ack_wait).toBe(nanos(15_000));
    expect(consumer.config.max_deliver).toBe(7);
  });
});
