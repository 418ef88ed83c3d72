import { randomUUID } from "node:crypto";
import { headers } from "@nats-io/transport-node";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { Traceparent } from "@tender/contracts";
import { traceparentCandidateArb } from "@tender/contracts/testing";
import { useTestBus, useTestTracing } from "@tender/testing";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { runConsumer } from "./run-consumer.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const waitLong = { timeout: 30_000, interval: 50 };

const tracing = useTestTracing("consumer-trace-context-test");
const t = useTestBus("bus-consumer-trace-context-test");

const VALID = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

// NATS headers cannot carry line breaks at all.
const headerValue = traceparentCandidateArb.filter((value) => !/[\r\n]/.test(value));

function tenderEvent() {
  return {
    schema_version: 1,
    event_id: randomUUID(),
    occurred_at: new Date().toISOString(),
    tender_id: randomUUID(),
    content_hash: "ab".repeat(32),
  };
}

describe("the consumer's handling span", () => {
  it("continues a valid traceparent header (sampled or not) and starts a new trace for any other, handling every message", async () => {
    const topology = await t.freshTopology();
    const values = [VALID, ...fc.sample(headerValue, { numRuns: 60, seed: 16 })];
    for (const value of values) {
      const h = headers();
      h.set("traceparent", value);
      await t.bus.js.publish(topology.names.subject, JSON.stringify(tenderEvent()), { headers: h });
    }
    // And a message without any header.
    await t.bus.js.publish(topology.names.subject, JSON.stringify(tenderEvent()));

    const stop = new AbortController();
    let handled = 0;
    const running = runConsumer({
      js: t.bus.js,
      entry: topology.catalog.tenderChanged,
      consumer: topology.names.consumers.indexer,
      handler: async () => {
        handled += 1;
      },
      logger: silent,
      signal: stop.signal,
      concurrency: 8,
      pullExpiresMs: 1_000,
    });
    await vi.waitFor(() => expect(handled).toBe(values.length + 1), waitLong);
    stop.abort();
    await running;
    expect(await t.streamMessages(topology.names.dlqStream)).toHaveLength(0);

    const spans = (await tracing.spans()).filter((s) => s.name === `process ${topology.names.subject}`);
    const bySeq = new Map<number, ReadableSpan>(
      spans.map((s) => [s.attributes["messaging.nats.stream_sequence"] as number, s]),
    );
    let unsampled = 0;
    values.forEach((value, i) => {
      const span = bySeq.get(i + 1);
      // NATS trims header values; what is left is either a traceparent or ignored.
      const trimmed = value.trim();
      if (!v.is(Traceparent, trimmed)) {
        expect(span?.parentSpanContext, value).toBeUndefined();
      } else if (Number.parseInt(trimmed.slice(53), 16) & 1) {
        expect(span?.parentSpanContext?.spanId, value).toBe(trimmed.slice(36, 52));
        expect(span?.spanContext().traceId, value).toBe(trimmed.slice(3, 35));
      } else {
        // The caller chose not to sample this trace: handled, but no span is recorded.
        expect(span, value).toBeUndefined();
        unsampled += 1;
      }
    });
    expect(bySeq.size).toBe(values.length + 1 - unsampled);
    expect(bySeq.get(1)?.parentSpanContext?.spanId).toBe("00f067aa0ba902b7");
    expect(bySeq.get(values.length + 1)?.parentSpanContext).toBeUndefined();
  });
});
