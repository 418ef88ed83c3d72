import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Bus, type BusLogger, busNames, busTopology, connectBus, ensureTopology } from "@tender/bus";
import { findTenderById, listAttachmentsForTender, type OutboxRow } from "@tender/db";
import { systemResolveHost } from "@tender/egress";
import { type DocumentServer, serveBytes, startDocumentServer } from "@tender/egress/testing";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { createFilesystemStorage } from "@tender/storage";
import { seedTender, testNatsUrl, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadPolicy } from "./download-policy.js";
import { runDownloader } from "./run-downloader.js";
import {
  DEFAULT_STALLED_DOWNLOAD_SWEEP,
  type StalledDownloadSweep,
  sweepStalledDownloads,
} from "./sweep-stalled-downloads.js";

const silent: BusLogger = { debug() {}, info() {}, warn() {}, error() {} };
const STALE_AFTER = 60_000;
const SUBJECT = "stalled.tender.changed.v1";
const pdf = await readFile(tedFixturePath(TED_FIXTURES.noticePdf821062));

const t = useTestDatabase();
let server: DocumentServer;

beforeAll(async () => {
  server = await startDocumentServer();
  server.route("/notice.pdf", serveBytes(pdf, { "content-type": "application/pdf" }));
});
afterAll(async () => {
  await server?.close();
});

const sweep = (over: Partial<StalledDownloadSweep> = {}): StalledDownloadSweep => ({
  ...DEFAULT_STALLED_DOWNLOAD_SWEEP,
  staleAfterMs: STALE_AFTER,
  ...over,
});
const deps = (over: Partial<StalledDownloadSweep> = {}) => ({
  db: t.db,
  logger: silent,
  subject: SUBJECT,
  sweep: sweep(over),
});

/** Moves the tender's attachments' last change `ms` into the past (by the database's clock). */
async function age(tenderId: string, ms: number): Promise<void> {
  await sql`UPDATE attachments SET updated_at = now() - make_interval(secs => ${ms / 1000})
            WHERE tender_id = ${tenderId}`.execute(t.db);
}

/** A tender with pending attachments whose event is gone (dead-lettered or lost). */
async function stalledTender(subject: string, urls: string[], agedMs = 2 * STALE_AFTER) {
  const tender = await seedTender(t.db, {
    eventSubject: subject,
    attachments: urls.map((sourceUrl) => ({ sourceUrl, filename: "notice.pdf" })),
  });
  await sql`DELETE FROM outbox WHERE payload->>'tender_id' = ${tender.id}`.execute(t.db);
  await age(tender.id, agedMs);
  return tender;
}

async function outbox(): Promise<OutboxRow[]> {
  return t.db.selectFrom("outbox").selectAll().orderBy("id").execute();
}
const tenderIdOf = (row: OutboxRow) => (row.payload as { tender_id: string }).tender_id;

beforeEach(async () => {
  await t.db.deleteFrom("outbox").execute();
  await t.db.deleteFrom("tenders").execute();
});

describe("sweepStalledDownloads", () => {
  it("announces only tenders with a pending attachment left alone and due, with the current hash", async () => {
    const stalled = await stalledTender(SUBJECT, ["https://ted.europa.eu/a"]);
    const fresh = await stalledTender(SUBJECT, ["https://ted.europa.eu/b"], 0);
    const waiting = await stalledTender(SUBJECT, ["https://ted.europa.eu/c"]);
    await sql`UPDATE attachments SET next_download_at = now() + interval '1 hour'
              WHERE tender_id = ${waiting.id}`.execute(t.db);
    const due = await stalledTender(SUBJECT, ["https://ted.europa.eu/d"]);
    await sql`UPDATE attachments SET next_download_at = now() - interval '1 minute'
              WHERE tender_id = ${due.id}`.execute(t.db);
    const failed = await stalledTender(SUBJECT, ["https://ted.europa.eu/e"]);
    await sql`UPDATE attachments SET download_status = 'failed' WHERE tender_id = ${failed.id}`.execute(t.db);

    expect(await sweepStalledDownloads(deps())).toBe(2);
    const rows = await outbox();
    expect(new Set(rows.map(tenderIdOf))).toEqual(new Set([stalled.id, due.id]));
    for (const row of rows) {
      expect(row.subject).toBe(SUBJECT);
      const tender = await findTenderById(t.db, tenderIdOf(row));
      expect(row.payload).toMatchObject({ schema_version: 1, content_hash: tender?.content_hash });
    }
    for (const id of [fresh.id, waiting.id, failed.id]) {
      expect(await findTenderById(t.db, id)).toMatchObject({
        download_sweep_attempts: 0,
        next_download_sweep_at: null,
      });
    }
  });

  it("puts an announced tender in backoff, doubling, and leaves the indexer's backoff alone", async () => {
    const tender = await stalledTender(SUBJECT, ["https://ted.europa.eu/a"]);
    const now = new Date();
    expect(await sweepStalledDownloads(deps(), now)).toBe(1);
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      download_sweep_attempts: 1,
      next_download_sweep_at: new Date(now.getTime() + STALE_AFTER),
      index_attempts: 0,
      next_index_at: null,
    });

    expect(await sweepStalledDownloads(deps(), new Date(now.getTime() + STALE_AFTER - 1))).toBe(0);
    const later = new Date(now.getTime() + STALE_AFTER);
    expect(await sweepStalledDownloads(deps(), later)).toBe(1);
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      download_sweep_attempts: 2,
      next_download_sweep_at: new Date(later.getTime() + 2 * STALE_AFTER),
    });
    expect((await outbox()).map(tenderIdOf)).toEqual([tender.id, tender.id]);
  });

  it("announces at most batchSize per pass, and concurrent sweepers never announce a tender twice", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await stalledTender(SUBJECT, [`https://ted.europa.eu/${i}`])).id);
    expect(await sweepStalledDownloads(deps({ batchSize: 2 }))).toBe(2);
    const counts = await Promise.all([1, 2, 3].map(() => sweepStalledDownloads(deps({ batchSize: 2 }))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    const announced = (await outbox()).map(tenderIdOf);
    expect(announced).toHaveLength(7);
    expect(new Set(announced)).toEqual(new Set(ids));
  });
});

describe("a running downloader", () => {
  let bus: Bus;
  let root: string;
  const names = busNames(`t${uniqueBusToken()}`);

  beforeAll(async () => {
    bus = await connectBus({ servers: testNatsUrl(), name: "stalled-downloads-int-test" });
    root = await mkdtemp(join(tmpdir(), "stalled-downloads-"));
  });
  afterAll(async () => {
    for (const stream of [names.stream, names.dlqStream])
      await bus?.jsm.streams.delete(stream).catch(() => {});
    await bus?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("re-announces a tender whose pending attachment has no event any more, and downloads it", async () => {
    const topology = busTopology({ names });
    await ensureTopology(bus.jsm, topology);
    const url = `${server.origin}/notice.pdf`;
    const tender = await stalledTender(names.subject, [url]);
    expect(await outbox()).toEqual([]);

    const controller = new AbortController();
    const running = runDownloader(
      {
        db: t.db,
        js: bus.js,
        topology,
        storage: createFilesystemStorage(root),
        logger: silent,
        concurrency: 2,
        policy: downloadPolicy(
          {
            maxBytes: 1_000_000,
            timeoutMs: 10_000,
            extraAllowedHosts: [`127.0.0.1:${server.port}`],
            allowPrivateAddresses: true,
            resolveHost: systemResolveHost,
          },
          { retries: 0 },
        ),
        stalledSweep: { intervalMs: 100, staleAfterMs: STALE_AFTER },
      },
      controller.signal,
    );
    try {
      await vi.waitFor(
        async () => {
          const [attachment] = await listAttachmentsForTender(t.db, tender.id);
          expect(attachment?.download_status).toBe("ready");
        },
        { timeout: 25_000, interval: 100 },
      );
      // Handled: the sweeper's backoff is forgotten, so a later stall is announced promptly.
      await vi.waitFor(async () => {
        expect(await findTenderById(t.db, tender.id)).toMatchObject({
          download_sweep_attempts: 0,
          next_download_sweep_at: null,
        });
      });
    } finally {
      controller.abort();
      await running;
    }
    expect(server.hits.get("/notice.pdf")).toBe(1);
    // One re-announcement with the hash it had, then the downloader's own event for the new hash.
    const events = (await outbox()).filter((row) => tenderIdOf(row) === tender.id);
    const current = await findTenderById(t.db, tender.id);
    expect(events.map((row) => row.payload.content_hash)).toEqual([
      tender.contentHash,
      current?.content_hash,
    ]);
    expect(current?.content_hash).not.toBe(tender.contentHash);
  });
});
