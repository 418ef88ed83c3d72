import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { chunkKey, sha256Hex } from "@tender/contracts";
import {
  countChunks,
  findTenderById,
  listChunksForTender,
  listExtractionFailures,
  prepareReindex,
  setTenderContentHash,
} from "@tender/db";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { createFilesystemStorage } from "@tender/storage";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtractorPool } from "./extraction/create-extractor-pool.js";
import type { Extractor } from "./extraction/extraction-types.js";
import { indexTender } from "./index-tender.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { makeDocx, makePdf, makeXlsx, makeZip } from "./testing/make-documents.js";
import { densePositions, positionsBySource } from "./testing/positions-by-source.js";
import { createSwitchableProvider, type SwitchableProvider } from "./testing/switchable-provider.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
let t: TestDatabase;
let root: string;
let extractor: Extractor;
let storage: ReturnType<typeof createFilesystemStorage>;

beforeAll(async () => {
  t = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), "indexer-test-"));
  storage = createFilesystemStorage(root);
  extractor = createExtractorPool({ size: 1, timeoutMs: 60_000, maxMemoryMb: 256 });
});
afterAll(async () => {
  await extractor.close();
  await t.destroy();
  await rm(root, { recursive: true, force: true });
});

function deps(ai: SwitchableProvider = createSwitchableProvider()): IndexerDeps {
  return {
    db: t.db,
    storage,
    ai,
    extractor,
    logger: silent,
    embedBatching: { maxTexts: 4, maxChars: 100_000, concurrency: 1 },
    maxChunksPerTender: 5000,
  };
}

const tedPdf = async () => new Uint8Array(await readFile(tedFixturePath(TED_FIXTURES.noticePdf821062)));

describe("indexTender", () => {
  it("indexes metadata and every readable attachment, recording the unreadable ones", async () => {
    const tender = await seedTender(t.db, {
      storage,
      attachments: [
        {
          filename: "notice.pdf",
          bytes: await tedPdf(),
          sourceUrl: "https://files.example.org/a/notice.pdf",
        },
        {
          filename: "prices.xlsx",
          bytes: await makeXlsx({ Lots: [["Lot 1", "Bridge deck", 4000]] }),
          sourceUrl: "https://files.example.org/b/prices.xlsx",
        },
        {
          filename: "bundle.zip",
          bytes: makeZip({ "spec.docx": makeDocx(["Spec of bridge bearings."]) }),
          sourceUrl: "https://files.example.org/c/bundle.zip",
        },
        {
          filename: "bomb.zip",
          bytes: makeZip({ "z.bin": new Uint8Array(20 * 1024 * 1024) }),
          sourceUrl: "https://files.example.org/d/bomb.zip",
        },
        {
          filename: "locked.pdf",
          bytes: makePdf([["x"]], { encrypted: true }),
          sourceUrl: "https://files.example.org/e/locked.pdf",
        },
        {
          filename: "cut.docx",
          bytes: makeDocx(["y"]).subarray(0, 100),
          sourceUrl: "https://files.example.org/f/cut.docx",
        },
        {
          filename: "empty.txt",
          bytes: new Uint8Array(0),
          sourceUrl: "https://files.example.org/g/empty.txt",
        },
        {
          filename: "data.bin",
          bytes: Uint8Array.from({ length: 999 }, (_, i) => i % 256),
          sourceUrl: "https://files.example.org/h/data.bin",
        },
      ],
    });
    expect(await indexTender(deps(), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "indexed",
    );

    const row = await findTenderById(t.db, tender.id);
    expect(row).toMatchObject({ index_status: "ready", indexed_hash: tender.contentHash, last_error: null });
    const chunks = await listChunksForTender(t.db, tender.id);
    expect(positionsBySource(chunks)).toEqual(densePositions(chunks));
    // Chunk order: metadata first, then attachments by source URL, each by position.
    const order = [null, "notice.pdf", "prices.xlsx", "bundle.zip"].map((f) =>
      f ? tender.attachmentIds.get(f) : null,
    );
    const byPosition = [...chunks].sort(
      (a, b) => order.indexOf(a.attachment_id) - order.indexOf(b.attachment_id) || a.position - b.position,
    );
    expect(byPosition[0]).toMatchObject({ attachment_id: null, section: "metadata" });
    expect(byPosition[0]?.content).toContain("Road maintenance in Tartu");
    expect(byPosition[0]?.content).toContain("Amount: 125000.00 EUR");
    // Metadata first, then attachments by source URL, each in page / sheet / entry order.
    const sections = [...new Set(byPosition.map((c) => c.section))];
    expect(sections).toEqual([
      "metadata",
      ...[1, 2, 3, 4].map((n) => `notice.pdf · page ${n}`),
      "prices.xlsx · sheet Lots",
      "bundle.zip › spec.docx",
    ]);
    const winner = chunks.find((c) => c.content.includes("Nome ufficiale: A2A Energia Spa"));
    expect(winner).toMatchObject({
      section: "notice.pdf · page 3",
      attachment_id: tender.attachmentIds.get("notice.pdf"),
    });
    for (const c of chunks) {
      expect(c.content.length).toBeLessThanOrEqual(1200);
      expect(c.content_hash).toBe(sha256Hex(c.content));
      expect(c.embedding_model).toBe("fake-hash-1024");
      expect(c.chunk_key).toBe(
        chunkKey({
          tenderId: tender.id,
          attachmentId: c.attachment_id,
          position: c.position,
          content: c.content,
          embeddingModel: "fake-hash-1024",
        }),
      );
      expect(Math.hypot(...c.embedding)).toBeCloseTo(1, 4);
    }

    const failures = await listExtractionFailures(t.db, tender.id);
    expect(failures.map((f) => [f.attachment_id, f.entry, f.reason]).sort()).toEqual(
      [
        [tender.attachmentIds.get("bomb.zip"), "", "limit_exceeded"],
        [tender.attachmentIds.get("locked.pdf"), "", "encrypted"],
        [tender.attachmentIds.get("cut.docx"), "", "corrupt"],
        [tender.attachmentIds.get("empty.txt"), "", "empty"],
        [tender.attachmentIds.get("data.bin"), "", "unsupported"],
      ].sort(),
    );
    expect(failures.every((f) => f.attachment_sha256 !== null && f.detail.length > 0)).toBe(true);
  });

  it("records an attachment with many unreadable parts once, with the first cause", async () => {
    const members: Record<string, Uint8Array> = {
      "001-locked.pdf": makePdf([["Secret"]], { encrypted: true }),
      "002-readable.txt": new TextEncoder().encode("Bridge inspection schedule."),
    };
    for (let i = 3; i <= 100; i++)
      members[`${String(i).padStart(3, "0")}-broken.pdf`] = new Uint8Array([37, 80, 68, 70, i]);
    const tender = await seedTender(t.db, {
      storage,
      attachments: [{ filename: "bundle.zip", bytes: makeZip({ "inner.zip": makeZip(members) }) }],
    });
    // The extractor itself reports every broken part ...
    const extracted = await extractor.extract({
      bytes: makeZip({ "inner.zip": makeZip(members) }),
      filename: "bundle.zip",
      contentType: null,
    });
    expect(extracted.failures).toHaveLength(99);

    expect(await indexTender(deps(), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "indexed",
    );
    // ... but the attachment gets one row: the first cause.
    const failures = await listExtractionFailures(t.db, tender.id);
    expect(failures.map((f) => [f.attachment_id, f.entry, f.reason])).toEqual([
      [tender.attachmentIds.get("bundle.zip"), "inner.zip › 001-locked.pdf", "encrypted"],
    ]);
    expect(failures[0]?.detail).toBe(extracted.failures[0]?.detail);
    // The readable part is still indexed.
    const sections = (await listChunksForTender(t.db, tender.id)).map((c) => c.section);
    expect(sections).toContain("bundle.zip › inner.zip › 002-readable.txt");
  });

  it("skips a stale event and leaves a ready tender with the same hash untouched", async () => {
    const tender = await seedTender(t.db, {
      storage,
      attachments: [{ filename: "a.txt", bytes: new TextEncoder().encode("Lighting.") }],
    });
    expect(await indexTender(deps(), { tenderId: tender.id, contentHash: "f".repeat(64) })).toBe("stale");
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      index_status: "pending",
      indexed_hash: null,
    });
    expect(await countChunks(t.db, tender.id)).toBe(0);

    expect(await indexTender(deps(), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "indexed",
    );
    const before = await listChunksForTender(t.db, tender.id);
    const ai = createSwitchableProvider();
    expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "unchanged",
    );
    expect(ai.calls).toBe(0);
    const after = await listChunksForTender(t.db, tender.id);
    expect(after.map((c) => [c.id, c.created_at])).toEqual(before.map((c) => [c.id, c.created_at]));
    expect(
      await indexTender(deps(), {
        tenderId: "00000000-0000-4000-8000-000000000000",
        contentHash: tender.contentHash,
      }),
    ).toBe("missing");
  });

  it("keeps nothing when the tender changes while it is indexed (optimistic check)", async () => {
    const tender = await seedTender(t.db, { storage });
    const newer = "e".repeat(64);
    const ai = createSwitchableProvider();
    ai.beforeEmbed = async () => {
      await setTenderContentHash(t.db, tender.id, newer);
    };
    expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "superseded",
    );
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      content_hash: newer,
      index_status: "pending",
      indexed_hash: null,
    });
    expect(await countChunks(t.db, tender.id)).toBe(0);
    expect(await listExtractionFailures(t.db, tender.id)).toEqual([]);
  });

  it("marks the tender failed when the AI provider is down, and a repeated event indexes it", async () => {
    const tender = await seedTender(t.db, { storage });
    const ai = createSwitchableProvider();
    ai.mode = "down";
    await expect(
      indexTender(deps(ai), { tenderId: tender.id, contentHash: tender.contentHash }),
    ).rejects.toThrow(/connection refused/);
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      index_status: "failed",
      last_error: "AI provider unavailable: POST /api/embed: connection refused",
    });
    ai.mode = "up";
    // The repeated event moves the failed tender to `processing` before any work (docs/records.md#states).
    const statusWhileEmbedding: (string | undefined)[] = [];
    ai.beforeEmbed = async () => {
      statusWhileEmbedding.push((await findTenderById(t.db, tender.id))?.index_status);
    };
    expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "indexed",
    );
    expect(new Set(statusWhileEmbedding)).toEqual(new Set(["processing"]));
    expect(await findTenderById(t.db, tender.id)).toMatchObject({ index_status: "ready", last_error: null });
  });

  it("fails the run on a storage outage, but records a missing file and goes on", async () => {
    const tender = await seedTender(t.db, {
      storage,
      attachments: [{ filename: "gone.txt", bytes: new TextEncoder().encode("Gone.") }],
    });
    const broken = { get: async () => Promise.reject(new Error("EIO: i/o error, read")) };
    await expect(
      indexTender({ ...deps(), storage: broken }, { tenderId: tender.id, contentHash: tender.contentHash }),
    ).rejects.toThrow("EIO");
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      index_status: "failed",
      last_error: "EIO: i/o error, read",
    });

    await storage.delete(`${tender.id}/${tender.attachmentIds.get("gone.txt")}`);
    expect(await indexTender(deps(), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "indexed",
    );
    expect((await listExtractionFailures(t.db, tender.id)).map((f) => f.reason)).toEqual(["missing_file"]);
    expect((await listChunksForTender(t.db, tender.id)).map((c) => c.section)).toEqual(["metadata"]);
  });

  it("rebuilds a ready tender whose chunks come from another embedding model, keeping it ready", async () => {
    const tender = await seedTender(t.db, {
      storage,
      attachments: [{ filename: "a.txt", bytes: new TextEncoder().encode("Snow removal.") }],
    });
    await indexTender(deps(), { tenderId: tender.id, contentHash: tender.contentHash });
    const old = await listChunksForTender(t.db, tender.id);
    const ai = createSwitchableProvider();
    ai.embedModel = "other-model";
    expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "rebuilt",
    );
    const rebuilt = await listChunksForTender(t.db, tender.id);
    expect(rebuilt.map((c) => c.embedding_model)).toEqual(old.map(() => "other-model"));
    expect(rebuilt.map((c) => c.content)).toEqual(old.map((c) => c.content));
    expect(rebuilt.some((c) => old.some((o) => o.chunk_key === c.chunk_key))).toBe(false);
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      index_status: "ready",
      indexed_hash: tender.contentHash,
    });
    expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "unchanged",
    );
  });

  it("sends an attachment whose stored bytes do not match its digest back to the downloader", async () => {
    const tender = await seedTender(t.db, {
      storage,
      attachments: [{ filename: "swapped.txt", bytes: new TextEncoder().encode("Original text.") }],
    });
    const attachmentId = tender.attachmentIds.get("swapped.txt") as string;
    // Another writer replaced the bytes after the row recorded their digest.
    await storage.put(`${tender.id}/${attachmentId}`, Readable.from([Buffer.from("Other text.")]), {
      maxBytes: 1000,
    });
    const ai = createSwitchableProvider();
    expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "redownload",
    );
    const attachment = await t.db
      .selectFrom("attachments")
      .selectAll()
      .where("id", "=", attachmentId)
      .executeTakeFirstOrThrow();
    // It still names the wrong object: the download that replaces it deletes it.
    expect(attachment).toMatchObject({ download_status: "pending", sha256: null, size_bytes: null });
    expect(attachment.local_path).toMatch(new RegExp(`^${tender.id}/${attachmentId}`));
    expect(attachment.last_error).toMatch(/does not match/);
    const row = await findTenderById(t.db, tender.id);
    expect(row?.content_hash).not.toBe(tender.contentHash);
    expect(row?.index_status).toBe("pending");
    const events = await t.db.selectFrom("outbox").select("payload").execute();
    expect(events.map((e) => e.payload.content_hash)).toContain(row?.content_hash);
    expect(await countChunks(t.db, tender.id)).toBe(0);
  });

  it("indexes only the first INDEX_MAX_CHUNKS_PER_TENDER chunks, says so, and a re-run keeps them", async () => {
    const long = (n: number) =>
      new TextEncoder().encode(
        Array.from({ length: 40 }, (_, i) => `Part ${n}.${i} of the bridge works.`).join("\n"),
      );
    const tender = await seedTender(t.db, {
      storage,
      attachments: [
        { filename: "a.txt", bytes: long(1), sourceUrl: "https://files.example.org/a.txt" },
        { filename: "b.txt", bytes: long(2), sourceUrl: "https://files.example.org/b.txt" },
      ],
    });
    const limited = { ...deps(), maxChunksPerTender: 2 };
    expect(await indexTender(limited, { tenderId: tender.id, contentHash: tender.contentHash })).toBe(
      "indexed",
    );
    const chunks = await listChunksForTender(t.db, tender.id);
    expect(chunks.map((c) => [c.attachment_id, c.position])).toEqual([
      [null, 0],
      [tender.attachmentIds.get("a.txt"), 0],
    ]);
    const row = await findTenderById(t.db, tender.id);
    expect(row).toMatchObject({ index_status: "ready", indexed_hash: tender.contentHash });
    expect(row?.last_error).toMatch(/indexed in part: more than 2 chunks \(INDEX_MAX_CHUNKS_PER_TENDER\)/);
    const failures = await listExtractionFailures(t.db, tender.id);
    expect(failures.map((f) => [f.attachment_id, f.reason]).sort()).toEqual(
      [
        [tender.attachmentIds.get("a.txt"), "limit_exceeded"],
        [tender.attachmentIds.get("b.txt"), "limit_exceeded"],
      ].sort(),
    );
    // The same prefix on every run: a forced re-index changes nothing and embeds nothing.
    const ai = createSwitchableProvider();
    await prepareReindex(t.db, [tender.id]);
    expect(
      await indexTender({ ...limited, ai }, { tenderId: tender.id, contentHash: tender.contentHash }),
    ).toBe("rebuilt");
    expect(ai.calls).toBe(0);
    expect((await listChunksForTender(t.db, tender.id)).map((c) => c.id)).toEqual(chunks.map((c) => c.id));
  });
});
