import { randomUUID } from "node:crypto";
import type { TenderChangedV1 } from "@tender/contracts";
import { uniqueBusToken, useTestBus } from "@tender/testing";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { busNames } from "./bus-names.js";
import { busTopology } from "./bus-topology.js";
import { listDeadLetters, retryDeadLetter } from "./dead-letter.js";
import { ensureTopology } from "./ensure-topology.js";
import { PermanentError } from "./permanent-error.js";
import { runConsumer } from "./run-consumer.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const topology = busTopology({ names: busNames(`t${uniqueBusToken()}`) });
const { names } = topology;
const t = useTestBus("bus-dead-letter-test");
t.removeAfterAll(names);

beforeAll(async () => {
  await ensureTopology(t.bus.jsm, topology);
});

describe("dead letters", () => {
  it("lists a dead letter with its reason and payload, and a retry delivers it again", async () => {
    const event: TenderChangedV1 = {
      schema_version: 1,
      event_id: randomUUID(),
      occurred_at: new Date().toISOString(),
      tender_id: randomUUID(),
      content_hash: "c".repeat(64),
    };
    const body = JSON.stringify(event);
    expect(await listDeadLetters(t.bus.jsm, topology, 10)).toEqual([]);
    await t.bus.js.publish(names.subject, body, { msgID: event.event_id });

    let failing = true;
    const handled: string[] = [];
    const controller = new AbortController();
    const consumer = runConsumer({
      js: t.bus.js,
      entry: topology.catalog.tenderChanged,
      consumer: names.consumers.indexer,
      handler: async (e) => {
        if (failing) throw new PermanentError("tender row is missing");
        handled.push(e.event_id);
      },
      logger: silent,
      signal: controller.signal,
    });

    await vi.waitFor(async () => expect(await listDeadLetters(t.bus.jsm, topology, 10)).toHaveLength(1), {
      timeout: 15_000,
    });
    const [dead] = await listDeadLetters(t.bus.jsm, topology, 10);
    expect(dead).toMatchObject({
      consumer: names.consumers.indexer,
      originalSubject: names.subject,
      originalStream: names.stream,
      originalSeq: 1,
      deliveryCount: 1,
      payload: body,
    });
    expect(dead?.reason).toContain("tender row is missing");

    failing = false;
    const retried = await retryDeadLetter(t.bus.js, t.bus.jsm, topology, dead?.seq ?? 0);
    expect(retried).toEqual({ subject: names.subject, seq: 2 });
    await vi.waitFor(() => expect(handled).toEqual([event.event_id]), { timeout: 15_000 });
    controller.abort();
    await consumer;
    expect(await listDeadLetters(t.bus.jsm, topology, 10)).toEqual([]);
    await expect(retryDeadLetter(t.bus.js, t.bus.jsm, topology, dead?.seq ?? 0)).rejects.toThrow(
      /does not exist/,
    );
  });
});
