import { upsertTenderInput, useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { findTenderById, upsertTender } from "../ingest/tenders.repository.js";
import { clearSweepBackoff, DOWNLOAD_SWEEP, INDEX_SWEEP, scheduleNextSweep } from "./sweep-backoff.js";

const t = useTestDatabase({ source: "ted" });

const backoffOf = async (id: string) => {
  const row = await findTenderById(t.db, id);
  return {
    index: [row?.index_attempts, row?.next_index_at?.toISOString() ?? null],
    download: [row?.download_sweep_attempts, row?.next_download_sweep_at?.toISOString() ?? null],
  };
};

describe("sweep backoff", () => {
  it("counts re-announcements and clears them, each sweeper in its own columns", async () => {
    const { id } = await upsertTender(t.db, upsertTenderInput(t.sourceId));
    const first = new Date("2030-01-01T00:00:00.000Z");
    const second = new Date("2030-01-01T00:05:00.000Z");
    await scheduleNextSweep(t.db, INDEX_SWEEP, id, first);
    await scheduleNextSweep(t.db, INDEX_SWEEP, id, second);
    await scheduleNextSweep(t.db, DOWNLOAD_SWEEP, id, first);
    expect(await backoffOf(id)).toEqual({
      index: [2, second.toISOString()],
      download: [1, first.toISOString()],
    });

    await clearSweepBackoff(t.db, INDEX_SWEEP, id);
    expect(await backoffOf(id)).toEqual({ index: [0, null], download: [1, first.toISOString()] });
    await clearSweepBackoff(t.db, DOWNLOAD_SWEEP, id);
    await clearSweepBackoff(t.db, DOWNLOAD_SWEEP, id);
    expect(await backoffOf(id)).toEqual({ index: [0, null], download: [0, null] });
  });
});
