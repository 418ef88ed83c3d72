import { describe, expect, it } from "vitest";
import { describeProgress, type IndexProgress, isSettled } from "./read-index-progress.js";

const settled: IndexProgress = {
  tenders: { total: 21, ready: 20, failed: 1, inProgress: 0 },
  attachments: { total: 14, ready: 2, failed: 12, skipped: 0, pending: 0 },
  syncedSources: [
    { code: "contracts_finder", at: new Date("2026-11-25T10:00:02Z") },
    { code: "ted", at: new Date("2026-11-25T10:00:03Z") },
  ],
  unpublishedEvents: 0,
  quarantined: 1,
};

describe("isSettled", () => {
  it("is true once both passes are done and nothing waits for indexing, a download or the relay", () => {
    expect(isSettled(settled, ["ted", "contracts_finder"])).toBe(true);
  });

  it("is false while anything is still on its way", () => {
    const sources = ["ted", "contracts_finder"];
    expect(isSettled({ ...settled, syncedSources: settled.syncedSources.slice(1) }, sources)).toBe(false);
    expect(isSettled({ ...settled, unpublishedEvents: 1 }, sources)).toBe(false);
    expect(isSettled({ ...settled, tenders: { ...settled.tenders, inProgress: 1 } }, sources)).toBe(false);
    expect(isSettled({ ...settled, attachments: { ...settled.attachments, pending: 1 } }, sources)).toBe(
      false,
    );
    expect(
      isSettled({ ...settled, tenders: { total: 0, ready: 0, failed: 0, inProgress: 0 } }, sources),
    ).toBe(false);
  });

  it("counts a source's pass only when it committed after the source first answered with data", () => {
    const sources = ["ted", "contracts_finder"];
    const at = (iso: string) => () => new Date(iso);
    expect(isSettled(settled, sources, at("2026-11-25T10:00:02Z"))).toBe(true);
    // TED's empty pass ended before the replay served it: not settled, whatever else is done.
    expect(
      isSettled(settled, sources, (code) => (code === "ted" ? new Date("2026-11-25T10:00:04Z") : undefined)),
    ).toBe(false);
    expect(isSettled(settled, sources, () => undefined)).toBe(false);
  });
});

describe("describeProgress", () => {
  it("shows ready over total, failures and quarantine when there are any", () => {
    expect(describeProgress(settled)).toBe(
      "tenders ready 20/21 (1 failed) · attachments ready 2/14 (12 failed) · quarantined records 1",
    );
    expect(
      describeProgress({
        ...settled,
        tenders: { total: 3, ready: 1, failed: 0, inProgress: 2 },
        attachments: { total: 0, ready: 0, failed: 0, skipped: 0, pending: 0 },
        quarantined: 0,
      }),
    ).toBe("tenders ready 1/3 · attachments ready 0/0");
  });
});
