import { nanos } from "@nats-io/transport-node";
import { describe, expect, it } from "vitest";
import { busTopology } from "./bus-topology.js";
import { consumerConfigs, streamConfigs } from "./topology-configs.js";

describe("topology configs", () => {
  const topology = busTopology({ delivery: { maxDeliver: 4, ackWaitMs: 30_000 } });

  it("describes the main and dead-letter streams, file storage, retention by age only", () => {
    const streams = streamConfigs(topology);
    expect(streams.map((s) => [s.name, s.subjects])).toEqual([
      ["TENDERS", ["tender.changed.v1", "tender.indexed.v1"]],
      ["TENDERS_DLQ", ["dlq.tender.changed.v1", "dlq.tender.indexed.v1"]],
    ]);
    for (const s of streams) {
      expect(s).toMatchObject({ retention: "limits", storage: "file", max_msgs: -1, max_bytes: -1 });
      expect(s.max_age).toBe(nanos(30 * 24 * 60 * 60 * 1000));
      expect(s.duplicate_window).toBe(nanos(120_000));
    }
  });

  it("gives each durable pull consumer one filter subject and explicit ack", () => {
    const consumers = consumerConfigs(topology);
    expect(consumers.map((c) => [c.stream, c.config.durable_name, c.config.filter_subject])).toEqual([
      ["TENDERS", "indexer", "tender.changed.v1"],
      ["TENDERS", "downloader", "tender.changed.v1"],
      ["TENDERS", "notifier", "tender.indexed.v1"],
    ]);
    for (const { config } of consumers) {
      expect(config).toMatchObject({ ack_policy: "explicit" });
      expect(config).not.toHaveProperty("filter_subjects");
      expect(config).not.toHaveProperty("deliver_subject");
      expect(config.ack_wait).toBe(nanos(30_000));
      // One spare delivery so that a lost last attempt is still dead-lettered.
      expect(config.max_deliver).toBe(5);
    }
  });
});
