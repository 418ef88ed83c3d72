import { contentHash, type TenderRecordV1 } from "@tender/contracts";
import {
  type Db,
  enqueueTenderChanged,
  ensureSource,
  findTenderById,
  listAttachmentsForTender,
  loadContentHashInput,
  lockTenderRow,
  markAttachmentReady,
  recordDownloadFailure,
  setTenderContentHash,
  updateAttachmentFileInfo,
} from "@tender/db";
import { emptyTables, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import { type StoreTenderRecordResult, storeTenderRecord } from "./store-tender-record.js";

const testDb = useTestDatabase();
let sourceId: string;
const subject = "tstore.tender.changed.v1";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

function record(overrides: { title?: string; attachmentTitle?: string } = {}): TenderRecordV1 {
  const result = validateTenderRecord({
    source: "ted",
    external_id: "821062-2025",
    title: overrides.title ?? "Road repair",
    description: null,
    buyer_name: "City of Lyon",
    amount: null,
    currency: null,
    published_at: "2026-05-28T22:00:00Z",
    deadline: null,
    source_url: "https://ted.europa.eu/en/notice/-/detail/821062-2025",
    attachments: [
      {
        external_id: null,
        title: overrides.attachmentTitle ?? null,
        // Upstream only gives a URL: the mapper derives a name and a type from it.
        filename: "download",
        source_url: "https://ted.europa.eu/en/notice/821062-2025/download",
        content_type: null,
      },
    ],
    raw_payload: { "publication-number": "821062-2025" },
  });
  if (!result.ok) throw new Error(result.reason);
  return result.record;
}

async function store(tenderRecord: TenderRecordV1): Promise<StoreTenderRecordResult> {
  return testDb.db
    .transaction()
    .execute((trx) => storeTenderRecord(trx, { sourceId, record: tenderRecord, subject }));
}

/** The downloader's commit step (services/downloader commit-download.ts), in the caller's transaction. */
async function commitDownload(trx: Db, tenderId: string, attachmentId: string): Promise<string> {
  if (!(await lockTenderRow(trx, tenderId))) throw new Error("tender gone");
  const applied = await markAttachmentReady(trx, attachmentId, {
    localPath: `${tenderId}/${attachmentId}`,
    sizeBytes: 2048,
    sha256: "ab".repeat(32),
  });
  if (!applied) throw new Error("attachment not pending");
  await updateAttachmentFileInfo(trx, attachmentId, { filename: "Specification.docx", contentType: DOCX });
  const hashInput = await loadContentHashInput(trx, tenderId);
  if (!hashInput) throw new Error("tender gone");
  const hash = contentHash(hashInput);
  if (await setTenderContentHash(trx, tenderId, hash))
    await enqueueTenderChanged(trx, { tenderId, contentHash: hash, subject });
  return hash;
}

const storedHash = async (tenderId: string) => (await findTenderById(testDb.db, tenderId))?.content_hash;

/** The hash the stored rows give: every writer must leave the tender agreeing with it. */
async function recomputedHash(tenderId: string): Promise<string> {
  const input = await loadContentHashInput(testDb.db, tenderId);
  if (!input) throw new Error("tender gone");
  return contentHash(input);
}

async function outboxCount(): Promise<number> {
  return (await testDb.db.selectFrom("outbox").select("id").where("subject", "=", subject).execute()).length;
}

/** A newly stored tender and its one (pending) attachment. */
async function createdWithAttachment() {
  const created = await store(record());
  expect(created.outcome).toBe("created");
  const [attachment] = await listAttachmentsForTender(testDb.db, created.tenderId);
  if (!attachment) throw new Error("no attachment");
  return { created, attachment };
}

/** Created, then downloaded (ready, with the response's name and type), then indexed. */
async function downloadedTender(): Promise<{ tenderId: string; downloadHash: string }> {
  const { created, attachment } = await createdWithAttachment();
  const downloadHash = await testDb.db
    .transaction()
    .execute((trx) => commitDownload(trx, created.tenderId, attachment.id));
  expect(downloadHash).not.toBe(created.contentHash);
  // As the indexer leaves it once the download is indexed.
  await testDb.db.updateTable("tenders").set({ index_status: "ready", indexed_hash: downloadHash }).execute();
  return { tenderId: created.tenderId, downloadHash };
}

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "outbox"]);
  sourceId = (await ensureSource(testDb.db, "ted")).id;
});

describe("storeTenderRecord after a download", () => {
  it("a re-crawl of the same record is unchanged: the downloaded name and type are kept", async () => {
    const { tenderId, downloadHash } = await downloadedTender();
    const events = await outboxCount();

    const again = await store(record());

    expect(again).toMatchObject({ tenderId, outcome: "unchanged", eventEnqueued: false });
    expect(again.contentHash).toBe(downloadHash);
    expect(again.attachments).toMatchObject({ unchanged: 1, updated: 0, requeued: 0 });
    expect(await outboxCount()).toBe(events);
    const [attachment] = await listAttachmentsForTender(testDb.db, tenderId);
    expect(attachment).toMatchObject({
      filename: "Specification.docx",
      content_type: DOCX,
      sha256: "ab".repeat(32),
      download_status: "ready",
    });
    const tender = await testDb.db
      .selectFrom("tenders")
      .select(["content_hash", "index_status"])
      .where("id", "=", tenderId)
      .executeTakeFirstOrThrow();
    expect(tender).toEqual({ content_hash: downloadHash, index_status: "ready" });
  });

  it("an upstream change of a ready attachment's title changes the hash, keeping the downloaded name", async () => {
    const { tenderId, downloadHash } = await downloadedTender();
    const events = await outboxCount();

    const again = await store(record({ attachmentTitle: "Technical specification" }));

    expect(again).toMatchObject({ tenderId, outcome: "changed", eventEnqueued: true });
    expect(again.attachments).toMatchObject({ updated: 1 });
    expect(again.contentHash).not.toBe(downloadHash);
    expect(await storedHash(tenderId)).toBe(again.contentHash);
    expect(await recomputedHash(tenderId)).toBe(again.contentHash);
    expect(await outboxCount()).toBe(events + 1);
    const [attachment] = await listAttachmentsForTender(testDb.db, tenderId);
    expect(attachment).toMatchObject({
      title: "Technical specification",
      filename: "Specification.docx",
      content_type: DOCX,
      download_status: "ready",
    });
  });
});

describe("storeTenderRecord of an attachment whose download keeps failing", () => {
  const backoff = { firstMs: 60_000, maxMs: 3_600_000 };
  /** Moves the attachment's next try into the past, as the passing of its backoff would. */
  const backoffElapses = (id: string) =>
    testDb.db
      .updateTable("attachments")
      .set({ next_download_at: sql<Date>`now() - interval '1 second'` })
      .where("id", "=", id)
      .execute();

  it("unchanged re-crawls announce nothing while the download waits for its backoff; one event per due retry", async () => {
    const { created, attachment } = await createdWithAttachment();
    expect(created.eventEnqueued).toBe(true);
    const events = await outboxCount();
    expect(await recordDownloadFailure(testDb.db, attachment.id, "HTTP 503", backoff)).toBe(true);

    for (let pass = 0; pass < 5; pass++) {
      const again = await store(record());
      expect(again).toMatchObject({ outcome: "unchanged", eventEnqueued: false });
      expect(again.attachments).toMatchObject({ unchanged: 1, requeued: 0 });
    }
    expect(await outboxCount()).toBe(events);
    const [waiting] = await listAttachmentsForTender(testDb.db, created.tenderId);
    expect(waiting).toMatchObject({
      download_status: "failed",
      last_error: "HTTP 503",
      download_failures: 1,
    });

    // The backoff has passed: the next crawl requeues the download once, with one event.
    await backoffElapses(attachment.id);
    expect((await store(record())).attachments).toMatchObject({ requeued: 1 });
    expect(await outboxCount()).toBe(events + 1);
    expect((await store(record())).eventEnqueued).toBe(false);
    expect(await outboxCount()).toBe(events + 1);

    // The retry fails again: quiet again until the (doubled) backoff has passed.
    expect(await recordDownloadFailure(testDb.db, attachment.id, "HTTP 503", backoff)).toBe(true);
    for (let pass = 0; pass < 3; pass++) expect((await store(record())).eventEnqueued).toBe(false);
    expect(await outboxCount()).toBe(events + 1);
    await backoffElapses(attachment.id);
    expect((await store(record())).eventEnqueued).toBe(true);
    expect(await outboxCount()).toBe(events + 2);
  });

  it("a changed listing of a backed-off attachment updates its metadata without requeueing it", async () => {
    const { created, attachment } = await createdWithAttachment();
    await recordDownloadFailure(testDb.db, attachment.id, "HTTP 503", backoff);
    const changed = await store(record({ attachmentTitle: "Lot 1" }));
    expect(changed.attachments).toMatchObject({ updated: 1, requeued: 0 });
    const [row] = await listAttachmentsForTender(testDb.db, created.tenderId);
    expect(row).toMatchObject({ title: "Lot 1", download_status: "failed" });
  });
});

describe("storeTenderRecord racing a download commit", () => {
  it("waits for a download holding the tender lock and hashes with its digest", async () => {
    const { created, attachment } = await createdWithAttachment();

    const release = Promise.withResolvers<void>();
    const holding = Promise.withResolvers<void>();
    const download = testDb.db.transaction().execute(async (trx) => {
      const hash = await commitDownload(trx, created.tenderId, attachment.id);
      holding.resolve();
      await release.promise;
      return hash;
    });
    await holding.promise;

    const crawl = store(record());
    // The crawl's transaction must be blocked on the tender lock before the download commits.
    await waitForLockWaiter();
    release.resolve();
    const downloadHash = await download;
    const again = await crawl;

    expect(again).toMatchObject({ outcome: "unchanged", eventEnqueued: false, contentHash: downloadHash });
    expect(await storedHash(created.tenderId)).toBe(downloadHash);
    expect(await recomputedHash(created.tenderId)).toBe(downloadHash);
  });

  it("a download committing while a page holds the tender waits and then hashes the crawl's data", async () => {
    const { created, attachment } = await createdWithAttachment();

    const release = Promise.withResolvers<void>();
    const storing = Promise.withResolvers<void>();
    const crawl = testDb.db.transaction().execute(async (trx) => {
      const result = await storeTenderRecord(trx, {
        sourceId,
        record: record({ title: "Road repair, lot 2" }),
        subject,
      });
      storing.resolve();
      await release.promise;
      return result;
    });
    await storing.promise;

    const download = testDb.db
      .transaction()
      .execute((trx) => commitDownload(trx, created.tenderId, attachment.id));
    await waitForLockWaiter();
    release.resolve();
    const changed = await crawl;
    const downloadHash = await download;

    expect(changed.outcome).toBe("changed");
    expect(downloadHash).not.toBe(changed.contentHash);
    expect(await storedHash(created.tenderId)).toBe(downloadHash);
    expect(await recomputedHash(created.tenderId)).toBe(downloadHash);
  });
});

/** Polls until some backend of this test database waits for a row lock. */
async function waitForLockWaiter(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { rows } = await sql<{ waiting: number }>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(testDb.db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("no transaction ever waited for the tender lock");
}
