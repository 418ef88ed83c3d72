import { randomUUID } from "node:crypto";
import { SpanKind } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { type BusTopology, relayOutboxOnce, runConsumer } from "@tender/bus";
import { enqueueTenderChanged, enqueueTenderIndexed } from "@tender/db";
import { currentTraceparent, inSpan } from "@tender/observability";
import { useTestBus, useTestDatabase, useTestTracing } from "@tender/testing";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { outboxStore } from "./outbox-store.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const waitLong = { timeout: 20_000, interval: 50 };

const tracing = useTestTracing("trace-propagation-test");
const testDb = useTestDatabase();
const t = useTestBus("worker-trace-propagation-test");

beforeEach(async () => {
  await testDb.db.deleteFrom("outbox").execute();
});

const traceparentOf = (span: ReadableSpan) =>
  `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;

/** Runs `consumer` of `entry` until `handled` resolves once, then stops it. */
async function consumeOne<T>(
  entry: BusTopology["catalog"]["tenderChanged"] | BusTopology["catalog"]["tenderIndexed"],
  consumer: string,
  handler: (event: T) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  let handled = 0;
  const running = runConsumer({
    js: t.bus.js,
    entry: entry as never,
    consumer,
    handler: async (event: T) => {
      await handler(event);
      handled += 1;
    },
    logger: silent,
    signal: stop.signal,
    pullExpiresMs: 1_000,
  });
  await vi.waitFor(() => expect(handled).toBe(1), waitLong);
  stop.abort();
  await running;
}

describe("the trace context across the outbox and NATS", () => {
  it("links page → publish → downloader handling → publish → notifier handling as parent and child", async () => {
    const topology = await t.freshTopology();
    const outbox = outboxStore(testDb.db);
    const tenderId = randomUUID();

    // The ingest write: the outbox row keeps the traceparent of the span around the transaction.
    const pageTraceparent = await inSpan("sync page test", {}, async () => {
      await testDb.db.transaction().execute((trx) =>
        enqueueTenderChanged(trx, {
          tenderId,
          contentHash: "a".repeat(64),
          subject: topology.names.subject,
        }),
      );
      return currentTraceparent();
    });
    const [row] = await testDb.db.selectFrom("outbox").select("traceparent").execute();
    expect(row?.traceparent).toBe(pageTraceparent);

    expect(await relayOutboxOnce({ outbox, js: t.bus.js, logger: silent })).toBe(1);
    const [message] = await t.streamMessages(topology.names.stream);

    // The downloader's handling writes its own event, in its span.
    await consumeOne(topology.catalog.tenderChanged, topology.names.consumers.downloader, async () => {
      await testDb.db.transaction().execute((trx) =>
        enqueueTenderIndexed(trx, {
          tenderId,
          contentHash: "b".repeat(64),
          embeddingModel: "fake",
          subject: topology.names.indexedSubject,
        }),
      );
    });
    expect(await relayOutboxOnce({ outbox, js: t.bus.js, logger: silent })).toBe(1);
    await consumeOne(topology.catalog.tenderIndexed, topology.names.consumers.notifier, async () => {});

    const page = await tracing.span("sync page test");
    const publishChanged = await tracing.span(`publish ${topology.names.subject}`);
    const processChanged = await tracing.span(`process ${topology.names.subject}`);
    const publishIndexed = await tracing.span(`publish ${topology.names.indexedSubject}`);
    const processIndexed = await tracing.span(`process ${topology.names.indexedSubject}`);

    expect(page.parentSpanContext).toBeUndefined();
    expect(message?.header.get("traceparent")).toBe(traceparentOf(publishChanged));
    const chain = [page, publishChanged, processChanged, publishIndexed, processIndexed];
    for (let i = 1; i < chain.length; i += 1) {
      const [parent, child] = [chain[i - 1] as ReadableSpan, chain[i] as ReadableSpan];
      expect(child.spanContext().traceId, child.name).toBe(page.spanContext().traceId);
      expect(child.parentSpanContext?.spanId, child.name).toBe(parent.spanContext().spanId);
    }
    expect([publishChanged.kind, processChanged.kind]).toEqual([SpanKind.PRODUCER, SpanKind.CONSUMER]);
    expect(processChanged.attributes["messaging.consumer.group.name"]).toBe(
      topology.names.consumers.downloader,
    );
    expect(processIndexed.attributes["messaging.consumer.group.name"]).toBe(
      topology.names.consumers.notifier,
    );
  });

  it("publishes a row written outside any span with a trace of its own", async () => {
    const topology = await t.freshTopology();
    await testDb.db.transaction().execute((trx) =>
      enqueueTenderChanged(trx, {
        tenderId: randomUUID(),
        contentHash: "c".repeat(64),
        subject: topology.names.subject,
      }),
    );
    const [row] = await testDb.db.selectFrom("outbox").select("traceparent").execute();
    expect(row?.traceparent).toBeNull();
    await relayOutboxOnce({ outbox: outboxStore(testDb.db), js: t.bus.js, logger: silent });
    const publish = await tracing.span(`publish ${topology.names.subject}`);
    expect(publish.parentSpanContext).toBeUndefined();
    const [message] = await t.streamMessages(topology.names.stream);
    expect(message?.header.get("traceparent")).toBe(traceparentOf(publish));
  });
});
