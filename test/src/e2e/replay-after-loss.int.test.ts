// `tender events replay` after a simulated loss: the indexer's durable consumer is deleted while
// the system runs, new notices then arrive and stay unindexed; replaying the stream from the time
// of the loss brings every tender back to `ready` through the real indexer process.
import { type Bus, busNames, connectBus } from "@tender/bus";
import { runCaptured } from "@tender/cli";
import { loadDemoData } from "@tender/demo";
import { testNatsUrl } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type E2eSystem, startE2eSystem } from "./e2e-harness.js";

let e2e: E2eSystem;
let bus: Bus;
/** Notices on the TED pages served (every one of them maps to a tender). */
let tedNotices: number;

const db = () => e2e.testDb.db;
/** Each tender's index status; `ready (stale)` when its chunks are not of its current content. */
const tenderStatuses = async () =>
  (
    await db()
      .selectFrom("tenders")
      .select(["index_status", sql<boolean>`content_hash IS NOT DISTINCT FROM indexed_hash`.as("consistent")])
      .execute()
  ).map((t) => (t.index_status === "ready" && !t.consistent ? "ready (stale)" : t.index_status));

beforeAll(async () => {
  const data = await loadDemoData();
  // Without the first page (TED_PAGE_FILES order), whose PDFs the demo does not have: left are
  // the Swedish page (no document links) and the two real PDFs' page, so every attachment
  // downloads and the re-crawl every second changes nothing (each pass requeues a failed one).
  data.tedPages = data.tedPages.slice(1);
  tedNotices = data.tedPages.reduce((n, page) => n + (page.notices as unknown[]).length, 0);
  e2e = await startE2eSystem({
    data,
    services: ["ingest-source-a", "downloader", "indexer"],
    // The upstream has nothing yet; a pass every second picks the notices up once released.
    replayAvailable: false,
    overrides: {
      "ingest-source-a": { SYNC_INTERVAL_MS: "1000" },
      // No sweeper pass during the test: only the replay may bring the tenders back.
      indexer: { SWEEP_INTERVAL_MS: "86400000" },
    },
  });
  bus = await connectBus({ servers: testNatsUrl(), name: "e2e-replay-test" });
}, 120_000);

afterAll(async () => {
  await bus?.close();
  await e2e?.close();
}, 60_000);

afterEach((context) => {
  if (context.task.result?.state === "fail") {
    process.stderr.write(`--- last service log lines ---\n${e2e.logs.slice(-60).join("\n")}\n`);
  }
});

describe("tender events replay after a lost consumer", () => {
  it("brings every tender back to ready through the running indexer", async () => {
    const names = busNames(e2e.busPrefix);
    // The loss: the indexer's consumer disappears while every service runs.
    await bus.jsm.consumers.delete(names.stream, names.consumers.indexer);
    const lostAt = new Date().toISOString();
    e2e.system.replay.setAvailable(true);

    // Ingestion and downloads go on; nothing reaches the indexer.
    await vi.waitFor(
      async () => {
        const attachments = await db().selectFrom("attachments").select("download_status").execute();
        const outbox = await db()
          .selectFrom("outbox")
          .select("id")
          .where("published_at", "is", null)
          .execute();
        expect((await tenderStatuses()).length).toBe(tedNotices);
        expect(attachments.length).toBeGreaterThan(0);
        expect(attachments.filter((a) => a.download_status === "pending")).toEqual([]);
        expect(outbox).toEqual([]);
      },
      { timeout: 90_000, interval: 500 },
    );
    expect(new Set(await tenderStatuses())).toEqual(new Set(["pending"]));
    await expect(bus.jsm.consumers.info(names.stream, names.consumers.indexer)).rejects.toThrow(
      /consumer not found/,
    );

    const replay = await runCaptured(["events", "replay", "--consumer", "indexer", "--since", lostAt], {
      NATS_URL: testNatsUrl(),
      BUS_PREFIX: e2e.busPrefix,
    });
    expect(replay.stderr).toBe("");
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain(`Created the missing consumer "indexer" on stream ${names.stream}`);

    await vi.waitFor(async () => expect(new Set(await tenderStatuses())).toEqual(new Set(["ready"])), {
      timeout: 90_000,
      interval: 500,
    });
    // The downloaded PDFs were indexed too, not only the notices' metadata.
    const pdfChunks = await db()
      .selectFrom("chunks")
      .innerJoin("attachments", "attachments.id", "chunks.attachment_id")
      .select("attachments.filename")
      .distinct()
      .execute();
    expect(pdfChunks.map((c) => c.filename).sort()).toEqual(["821062-2025-it.pdf", "821126-2025-it.pdf"]);
  }, 200_000);
});
