import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AiProvider, createAiProvider } from "@tender/ai";
import { correctProtocols, startTestModelServer, type TestModelServer } from "@tender/ai/testing";
import { findTenderById, listChunksForTender, prepareReindex } from "@tender/db";
import { createFilesystemStorage } from "@tender/storage";
import { completeDownload, createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createExtractorPool } from "./extraction/create-extractor-pool.js";
import type { Extractor } from "./extraction/extraction-types.js";
import { indexTender } from "./index-tender.js";
import type { IndexerDeps } from "./indexer-deps.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
let t: TestDatabase;
let root: string;
let pool: Extractor;
let server: TestModelServer;
let storage: ReturnType<typeof createFilesystemStorage>;
/** Files the extractor was asked to read. */
let extracted: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), "indexer-reuse-"));
  storage = createFilesystemStorage(root);
  pool = createExtractorPool({ size: 1, timeoutMs: 60_000, maxMemoryMb: 256 });
  server = await startTestModelServer(correctProtocols(["model-a", "model-b"]));
});
afterAll(async () => {
  await server.close();
  await pool.close();
  await t.destroy();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
  extracted = [];
});

const model = (embedModel: string): AiProvider =>
  createAiProvider({
    provider: "ollama",
    baseUrl: server.url,
    embedModel,
    chatModel: "chat",
    timeoutMs: 30_000,
  });

function deps(ai: AiProvider): IndexerDeps {
  const extractor: Extractor = {
    extract: (input) => {
      extracted.push(input.filename);
      return pool.extract(input);
    },
    close: async () => {},
  };
  return {
    db: t.db,
    storage,
    ai,
    extractor,
    logger: silent,
    embedBatching: { maxTexts: 4, maxChars: 100_000, concurrency: 2 },
    maxChunksPerTender: 5000,
  };
}

/** Texts the model server was asked to embed since the last reset. */
const embeddedTexts = () =>
  server.requests.flatMap((r) => ((r.body as { input?: string[] } | null)?.input ?? []) as string[]);

// About 3 chunks of distinct text per document.
const doc = (n: number) =>
  new TextEncoder().encode(
    Array.from(
      { length: 30 },
      (_, i) => `Document ${n} clause ${i}: the contractor repairs bridge ${n}-${i}.`,
    ).join("\n"),
  );

describe("indexTender reuses chunks by key", () => {
  it("embeds each chunk once while 5 attachments arrive one by one; again: nothing; new model: all once", async () => {
    const files = [1, 2, 3, 4, 5].map((n) => ({ filename: `doc-${n}.txt`, bytes: doc(n) }));
    // URLs out of arrival order, so a newcomer sorts before documents already indexed.
    const urls = ["e", "c", "a", "d", "b"].map((p, i) => `https://files.example.org/${p}/doc-${i + 1}.txt`);
    // Registered, not downloaded yet (no bytes).
    const tender = await seedTender(t.db, {
      attachments: files.map((f, i) => ({ filename: f.filename, sourceUrl: urls[i] as string })),
    });
    const ai = model("model-a");

    let hash = tender.contentHash;
    expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: hash })).toBe("indexed");
    const perRun = [embeddedTexts().length];
    for (const f of files) {
      server.requests.length = 0;
      hash = await completeDownload(t.db, storage, {
        tenderId: tender.id,
        attachmentId: tender.attachmentIds.get(f.filename) as string,
        bytes: f.bytes,
      });
      expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: hash })).toBe("indexed");
      perRun.push(embeddedTexts().length);
    }

    const chunks = await listChunksForTender(t.db, tender.id);
    const bySource = (id: string | null) => chunks.filter((c) => c.attachment_id === id).length;
    const metadata = bySource(null);
    const perAttachment = files.map((f) => bySource(tender.attachmentIds.get(f.filename) as string));
    expect(perAttachment.every((n) => n >= 2)).toBe(true);
    // Each run embedded only what arrived: the metadata first, then one attachment's chunks each.
    expect(perRun).toEqual([metadata, ...perAttachment]);
    expect(chunks).toHaveLength(metadata + perAttachment.reduce((a, b) => a + b, 0));
    // Every file was read once.
    expect(extracted.sort()).toEqual(files.map((f) => f.filename).sort());

    // A forced re-index of the unchanged tender embeds nothing and reads no file.
    server.requests.length = 0;
    extracted = [];
    await prepareReindex(t.db, [tender.id]);
    expect(await indexTender(deps(ai), { tenderId: tender.id, contentHash: hash })).toBe("rebuilt");
    expect(server.requests).toEqual([]);
    expect(extracted).toEqual([]);
    const again = await listChunksForTender(t.db, tender.id);
    expect(again.map((c) => [c.id, c.chunk_key])).toEqual(chunks.map((c) => [c.id, c.chunk_key]));

    // Another embedding model re-embeds every chunk, once, from the cached text.
    const b = model("model-b");
    expect(await indexTender(deps(b), { tenderId: tender.id, contentHash: hash })).toBe("rebuilt");
    expect(embeddedTexts()).toHaveLength(chunks.length);
    expect(extracted).toEqual([]);
    const rebuilt = await listChunksForTender(t.db, tender.id);
    expect(new Set(rebuilt.map((c) => c.embedding_model))).toEqual(new Set(["model-b"]));
    expect(rebuilt.map((c) => c.content).sort()).toEqual(chunks.map((c) => c.content).sort());
    server.requests.length = 0;
    await prepareReindex(t.db, [tender.id]);
    expect(await indexTender(deps(b), { tenderId: tender.id, contentHash: hash })).toBe("rebuilt");
    expect(server.requests).toEqual([]);
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      index_status: "ready",
      indexed_hash: hash,
    });
  });

  it("spreads a tender's texts over requests of at most EMBED_BATCH_SIZE", async () => {
    const tender = await seedTender(t.db, { storage, attachments: [{ filename: "big.txt", bytes: doc(9) }] });
    await indexTender(deps(model("model-a")), { tenderId: tender.id, contentHash: tender.contentHash });
    const sizes = server.requests.map((r) => ((r.body as { input: string[] }).input ?? []).length);
    expect(sizes.every((n) => n <= 4)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe((await listChunksForTender(t.db, tender.id)).length);
  });
});
