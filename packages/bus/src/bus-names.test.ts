import { describe, expect, it } from "vitest";
import { busNames, DEFAULT_BUS_NAMES } from "./bus-names.js";
import { busTopology } from "./bus-topology.js";

describe("busNames", () => {
  it("defaults to the names of docs/events.md", () => {
    expect(busNames()).toEqual({
      stream: "TENDERS",
      subject: "tender.changed.v1",
      dlqStream: "TENDERS_DLQ",
      dlqSubject: "dlq.tender.changed.v1",
      indexedSubject: "tender.indexed.v1",
      indexedDlqSubject: "dlq.tender.indexed.v1",
      consumers: { indexer: "indexer", downloader: "downloader", notifier: "notifier" },
    });
  });

  it("derives names of their own from a prefix", () => {
    const names = busNames("tAB12");
    expect(names.stream).toBe("TAB12_TENDERS");
    expect(names.dlqStream).toBe("TAB12_TENDERS_DLQ");
    expect(names.subject).toBe("tab12.tender.changed.v1");
    expect(names.dlqSubject).toBe("tab12.dlq.tender.changed.v1");
    expect(names.indexedSubject).toBe("tab12.tender.indexed.v1");
    expect(names.indexedDlqSubject).toBe("tab12.dlq.tender.indexed.v1");
    expect(names.consumers).toEqual(DEFAULT_BUS_NAMES.consumers);
  });

  it("rejects a prefix that would make invalid subjects or stream names", () => {
    expect(() => busNames("a.b")).toThrow(/prefix/);
    expect(() => busNames("")).toThrow(/prefix/);
  });
});

describe("busTopology", () => {
  it("retains by age for 30 days with a 2-minute duplicate window by default", () => {
    const topology = busTopology();
    expect(topology.retentionMs).toBe(30 * 24 * 60 * 60 * 1000);
    expect(topology.duplicateWindowMs).toBe(2 * 60 * 1000);
    expect(topology.catalog.tenderChanged.consumers).toEqual(["indexer", "downloader"]);
    expect(topology.catalog.tenderIndexed.consumers).toEqual(["notifier"]);
  });

  it("refuses a duplicate window longer than the retention", () => {
    expect(() => busTopology({ retentionMs: 1_000, duplicateWindowMs: 2_000 })).toThrow(/duplicate window/);
  });
});
