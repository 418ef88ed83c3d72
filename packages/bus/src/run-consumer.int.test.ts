import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { setTimeout } from "node:timers/promises";
import type { TenderChangedV1 } from "@tender/contracts";
import { uniqueBusToken, useTestBus } from "@tender/testing";
import { describe, expect, it, vi } from "vitest";
import type { BusLogger } from "./bus-logger.js";
import { busNames } from "./bus-names.js";
import { type BusTopology, busTopology } from "./bus-topology.js";
import { DlqHeaders } from "./dlq-headers.js";
import type { ConsumerContext } from "./handle-message.js";
import { PermanentError } from "./permanent-error.js";
import { type RunConsumerOptions, runConsumer } from "./run-consumer.js";
import type { DeliverySettings } from "./subject-catalog.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const waitLong = { timeout: 15_000, interval: 50 };

const t = useTestBus("bus-run-consumer-test");

/** A topology of its own for one test: no test sees another's messages. */
function freshTopology(delivery: Partial<DeliverySettings> = {}): Promise<BusTopology> {
  return t.freshTopology({
    delivery: { ackWaitMs: 5_000, maxDeliver: 3, backoff: { initialMs: 20, maxMs: 40 }, ...delivery },
  });
}

/** Waits until the consumer has acknowledged every message up to stream sequence `seq`. */
async function waitAckedThrough(topology: BusTopology, seq: number): Promise<void> {
  await vi.waitFor(
    async () => expect((await consumerInfo(topology)).ack_floor.stream_seq).toBe(seq),
    waitLong,
  );
}

/** Waits until the dead-letter stream holds `count` messages. */
async function waitDeadLetters(topology: BusTopology, count: number): Promise<void> {
  await vi.waitFor(
    async () => expect(await streamMessages(topology.names.dlqStream)).toHaveLength(count),
    waitLong,
  );
}

function tenderEvent(): TenderChangedV1 {
  return {
    schema_version: 1,
    event_id: randomUUID(),
    occurred_at: new Date().toISOString(),
    tender_id: randomUUID(),
    content_hash: "ab".repeat(32),
  };
}

async function publish(topology: BusTopology, body: string, msgID: string = randomUUID()) {
  return t.bus.js.publish(topology.names.subject, body, { msgID });
}

const streamMessages = (stream: string) => t.streamMessages(stream);

function consumerInfo(topology: BusTopology) {
  return t.bus.jsm.consumers.info(topology.names.stream, topology.names.consumers.indexer);
}

function start(
  topology: BusTopology,
  handler: (event: TenderChangedV1, ctx: ConsumerContext) => Promise<void>,
  concurrency = 1,
  logger: BusLogger = silent,
  extra: Pick<RunConsumerOptions<TenderChangedV1>, "maxHandlingMs"> = {},
) {
  const controller = new AbortController();
  const done = runConsumer({
    ...extra,
    js: t.bus.js,
    entry: topology.catalog.tenderChanged,
    consumer: topology.names.consumers.indexer,
    handler,
    logger,
    signal: controller.signal,
    concurrency,
  });
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}

describe("runConsumer", () => {
  it("hands a valid event to the handler and acks only after the handler resolved", async () => {
    const topology = await freshTopology();
    const event = tenderEvent();
    await publish(topology, JSON.stringify(event), event.event_id);
    const gate = Promise.withResolvers<void>();
    const seen: { event: TenderChangedV1; deliveryCount: number }[] = [];
    let finished = false;
    const consumer = start(topology, async (e, ctx) => {
      seen.push({ event: e, deliveryCount: ctx.deliveryCount });
      await gate.promise;
      finished = true;
    });

    await vi.waitFor(() => expect(seen).toHaveLength(1), waitLong);
    const during = await consumerInfo(topology);
    expect(during.num_ack_pending).toBe(1);
    expect(during.ack_floor.stream_seq).toBe(0);
    expect(finished).toBe(false);

    gate.resolve();
    await vi.waitFor(async () => {
      const after = await consumerInfo(topology);
      expect(after.num_ack_pending).toBe(0);
      expect(after.ack_floor.stream_seq).toBe(1);
    }, waitLong);
    await consumer.stop();
    expect(seen).toEqual([{ event, deliveryCount: 1 }]);
  });

  it("delivers an event published twice with the same event id only once", async () => {
    const topology = await freshTopology();
    const event = tenderEvent();
    const first = await publish(topology, JSON.stringify(event), event.event_id);
    const second = await publish(topology, JSON.stringify(event), event.event_id);
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    const seen: string[] = [];
    const consumer = start(topology, async (e) => {
      seen.push(e.event_id);
    });
    await waitAckedThrough(topology, 1);
    await consumer.stop();
    const info = await consumerInfo(topology);
    expect(info.num_pending).toBe(0);
    expect(info.num_ack_pending).toBe(0);
    expect((await streamMessages(topology.names.stream)).length).toBe(1);
    expect(seen).toEqual([event.event_id]);
  });

  it("dead-letters a message whose handler always fails after max deliveries, with reason and payload", async () => {
    const topology = await freshTopology({ maxDeliver: 3 });
    const body = JSON.stringify(tenderEvent());
    const published = await publish(topology, body);
    const attempts: number[] = [];
    const consumer = start(topology, async (_e, ctx) => {
      attempts.push(ctx.deliveryCount);
      throw new Error("index store is broken");
    });

    await waitDeadLetters(topology, 1);
    await vi.waitFor(async () => expect((await consumerInfo(topology)).num_ack_pending).toBe(0), waitLong);
    await consumer.stop();

    expect(attempts).toEqual([1, 2, 3]);
    const [dead] = await streamMessages(topology.names.dlqStream);
    expect(dead?.subject).toBe(topology.names.dlqSubject);
    expect(dead?.string()).toBe(body);
    expect(dead?.header.get(DlqHeaders.Reason)).toContain("index store is broken");
    expect(dead?.header.get(DlqHeaders.Reason)).toContain("3 deliveries");
    expect(dead?.header.get(DlqHeaders.DeliveryCount)).toBe("3");
    expect(dead?.header.get(DlqHeaders.Consumer)).toBe(topology.names.consumers.indexer);
    expect(dead?.header.get(DlqHeaders.OriginalSubject)).toBe(topology.names.subject);
    expect(dead?.header.get(DlqHeaders.OriginalStream)).toBe(topology.names.stream);
    expect(dead?.header.get(DlqHeaders.OriginalSeq)).toBe(String(published.seq));
  });

  it("dead-letters schema-invalid and non-JSON messages at once, without calling the handler", async () => {
    const topology = await freshTopology({ maxDeliver: 5 });
    const invalid = JSON.stringify({ ...tenderEvent(), schema_version: 2 });
    const notJson = "tender changed, trust me";
    await publish(topology, invalid);
    await publish(topology, notJson);
    const handler = vi.fn(async () => {});
    const lines: string[] = [];
    const record = (obj: Record<string, unknown>, msg: string) =>
      void lines.push(`${msg} ${JSON.stringify(obj)}`);
    const consumer = start(topology, handler, 1, {
      debug: record,
      info: record,
      warn: record,
      error: record,
    });

    await waitDeadLetters(topology, 2);
    await waitAckedThrough(topology, 2);
    await consumer.stop();

    expect(handler).not.toHaveBeenCalled();
    const info = await consumerInfo(topology);
    expect(info.num_redelivered).toBe(0);
    const dead = await streamMessages(topology.names.dlqStream);
    const bySeq = new Map(dead.map((m) => [m.header.get(DlqHeaders.OriginalSeq), m]));
    expect(bySeq.get("1")?.string()).toBe(invalid);
    expect(bySeq.get("1")?.header.get(DlqHeaders.Reason)).toMatch(/^schema validation failed: /);
    expect(bySeq.get("2")?.string()).toBe(notJson);
    expect(bySeq.get("2")?.header.get(DlqHeaders.Reason)).toMatch(/^invalid JSON: /);
    for (const m of dead) expect(m.header.get(DlqHeaders.DeliveryCount)).toBe("1");
    // Payloads never reach the logs (the JSON parser's message quotes the body).
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain("trust me");
  });

  it("keeps a long-running handler's message alive past the ack wait", async () => {
    const topology = await freshTopology({ ackWaitMs: 600 });
    await publish(topology, JSON.stringify(tenderEvent()));
    const deliveries: number[] = [];
    // A second free slot would receive the message again if the ack timer expired.
    const consumer = start(
      topology,
      async (_e, ctx) => {
        deliveries.push(ctx.deliveryCount);
        await setTimeout(2_000);
      },
      2,
    );
    await waitAckedThrough(topology, 1);
    await consumer.stop();
    expect(deliveries).toEqual([1]);
  });

  it("fails an attempt stuck on a storage read that stalls after maxHandlingMs, and the retry succeeds", async () => {
    const topology = await freshTopology({ ackWaitMs: 5_000, maxDeliver: 3 });
    await publish(topology, JSON.stringify(tenderEvent()));
    const deliveries: number[] = [];
    let stuckSignal: AbortSignal | undefined;
    const consumer = start(
      topology,
      async (_e, ctx) => {
        deliveries.push(ctx.deliveryCount);
        if (ctx.deliveryCount > 1) return;
        stuckSignal = ctx.signal;
        // A stored file whose read never yields a byte nor ends (the handler ignores its signal).
        for await (const _ of new Readable({ read() {} })) ctx.working();
      },
      1,
      silent,
      { maxHandlingMs: 400 },
    );
    await waitAckedThrough(topology, 1);
    await consumer.stop();
    // Redelivered long before the 5 s ack wait: the runner gave up on its own.
    expect(deliveries).toEqual([1, 2]);
    expect(stuckSignal?.aborted).toBe(true);
    expect(String(stuckSignal?.reason)).toContain("handling took longer than 400 ms");
  });

  it("dead-letters a message whose every attempt hangs, naming the bound", async () => {
    const topology = await freshTopology({ ackWaitMs: 5_000, maxDeliver: 2 });
    await publish(topology, JSON.stringify(tenderEvent()));
    const consumer = start(topology, () => new Promise<void>(() => {}), 1, silent, { maxHandlingMs: 300 });
    await waitDeadLetters(topology, 1);
    await waitAckedThrough(topology, 1);
    await consumer.stop();
    const [dead] = await streamMessages(topology.names.dlqStream);
    expect(dead?.header.get(DlqHeaders.Reason)).toMatch(
      /^handler failed on all 2 deliveries; last error: .*handling took longer than 300 ms$/,
    );
  });

  it("dead-letters a message whose last attempt was lost (process died) without running the handler", async () => {
    const topology = await freshTopology({ ackWaitMs: 300, maxDeliver: 1 });
    await publish(topology, JSON.stringify(tenderEvent()));
    // The "dead process": takes the only attempt and never answers.
    const raw = await t.bus.js.consumers.get(topology.names.stream, topology.names.consumers.indexer);
    const lost = await raw.next({ expires: 5_000 });
    expect(lost?.info.deliveryCount).toBe(1);

    const handler = vi.fn(async () => {});
    const consumer = start(topology, handler);
    await waitDeadLetters(topology, 1);
    await waitAckedThrough(topology, 1);
    await consumer.stop();
    expect(handler).not.toHaveBeenCalled();
    const [dead] = await streamMessages(topology.names.dlqStream);
    expect(dead?.header.get(DlqHeaders.Reason)).toBe("not acknowledged after 1 deliveries");
    expect(dead?.header.get(DlqHeaders.DeliveryCount)).toBe("2");
  });

  it("dead-letters at once when the handler throws a PermanentError", async () => {
    const topology = await freshTopology({ maxDeliver: 5 });
    await publish(topology, JSON.stringify(tenderEvent()));
    let calls = 0;
    const consumer = start(topology, async () => {
      calls += 1;
      throw new PermanentError("tender was deleted");
    });
    await waitDeadLetters(topology, 1);
    await waitAckedThrough(topology, 1);
    await consumer.stop();
    expect(calls).toBe(1);
    const [dead] = await streamMessages(topology.names.dlqStream);
    expect(dead?.header.get(DlqHeaders.Reason)).toContain("tender was deleted");
  });

  it("on shutdown stops pulling, lets the in-flight handler finish and acks it", async () => {
    const topology = await freshTopology();
    await publish(topology, JSON.stringify(tenderEvent()));
    const gate = Promise.withResolvers<void>();
    const order: string[] = [];
    const consumer = start(topology, async (_e, ctx) => {
      order.push("handler started");
      await gate.promise;
      order.push(ctx.signal.aborted ? "handler finished after stop" : "handler finished early");
    });
    await vi.waitFor(() => expect(order).toEqual(["handler started"]), waitLong);

    const stopped = consumer.stop().then(() => order.push("consumer stopped"));
    await publish(topology, JSON.stringify(tenderEvent()));
    gate.resolve();
    await stopped;

    expect(order).toEqual(["handler started", "handler finished after stop", "consumer stopped"]);
    const info = await consumerInfo(topology);
    expect(info.ack_floor.stream_seq).toBe(1);
    expect(info.num_ack_pending).toBe(0);
    // The message published after the stop was never pulled.
    expect(info.num_pending).toBe(1);
  });

  it("runs at most `concurrency` handlers at once", async () => {
    const topology = await freshTopology();
    for (let i = 0; i < 5; i += 1) await publish(topology, JSON.stringify(tenderEvent()));
    const gate = Promise.withResolvers<void>();
    let running = 0;
    let peak = 0;
    let handled = 0;
    const consumer = start(
      topology,
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await gate.promise;
        running -= 1;
        handled += 1;
      },
      3,
    );
    await vi.waitFor(() => expect(running).toBe(3), waitLong);
    gate.resolve();
    await vi.waitFor(() => expect(handled).toBe(5), waitLong);
    await consumer.stop();
    expect(peak).toBe(3);
  });

  it("refuses a consumer name the subject does not have", async () => {
    const topology = busTopology({ names: busNames(`t${uniqueBusToken()}`) });
    await expect(
      runConsumer({
        js: t.bus.js,
        entry: topology.catalog.tenderChanged,
        consumer: "nobody",
        handler: async () => {},
        logger: silent,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow(/not a consumer/);
  });
});
