// The attachment path from one change event to searchable chunks: a local HTTP server serves
// the two real TED PDFs and DOCX, XLSX and ZIP files made here; the built downloader
// (services/downloader/dist/main.js, as `pnpm start` runs it) fetches them into a shared
// folder, and the indexer (in this process) turns the downloads into chunks.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFakeProvider, fakeEmbed } from "@tender/ai";
import { type Bus, type BusTopology, busNames, busTopology, connectBus, ensureTopology } from "@tender/bus";
import { chunkKey, contentHash, sha256Hex } from "@tender/contracts";
import {
  enqueueTenderChanged,
  ensureSource,
  findTenderById,
  listAttachmentsForTender,
  listChunksForTender,
  listExtractionFailures,
  loadContentHashInput,
  searchChunks,
  setTenderContentHash,
  syncTenderAttachments,
  upsertTender,
} from "@tender/db";
import { tedFixturePath } from "@tender/source-ted/testing";
import { createFilesystemStorage } from "@tender/storage";
import { testNatsUrl, uniqueBusToken, useTestDatabase, workerProcessEnv } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createExtractorPool } from "./extraction/create-extractor-pool.js";
import type { Extractor } from "./extraction/extraction-types.js";
import { runIndexer } from "./run-indexer.js";
import { makeDocx, makeXlsx, makeZip } from "./testing/make-documents.js";
import { densePositions, positionsBySource } from "./testing/positions-by-source.js";

const DOWNLOADER = new URL("../../downloader/dist/main.js", import.meta.url);
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const fixture = (name: string) => readFile(tedFixturePath(name));

const t = useTestDatabase();
let bus: Bus;
let root: string;
let server: Server;
let origin: string;
let extractor: Extractor;
let topology: BusTopology;
let downloader: ChildProcess | undefined;
const stopIndexer = new AbortController();
let indexerDone: Promise<void> | undefined;

/** Path → body and headers the document server answers with. */
const documents = new Map<string, { body: Uint8Array; headers: Record<string, string> }>();

beforeAll(async () => {
  expect(existsSync(DOWNLOADER), "build the services first: pnpm exec tsc -b").toBe(true);
  bus = await connectBus({ servers: testNatsUrl(), name: "download-and-index-test" });
  root = await mkdtemp(join(tmpdir(), "download-and-index-"));
  extractor = createExtractorPool({ size: 2, timeoutMs: 60_000, maxMemoryMb: 256 });

  documents.set("/ted/ted_notice_821062-2025_it.pdf", {
    body: await fixture("ted_notice_821062-2025_it.pdf"),
    headers: { "content-type": "application/pdf" },
  });
  documents.set("/ted/download?id=821126", {
    body: await fixture("ted_notice_821126-2025_it.pdf"),
    headers: {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename*=UTF-8''Bando%20821126.pdf`,
    },
  });
  documents.set("/files/spec.docx", {
    body: makeDocx(["Capitolato tecnico.", "Rifacimento del manto stradale in via Roma."]),
    headers: { "content-type": "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  });
  documents.set("/files/prices.xlsx", {
    body: await makeXlsx({
      Lots: [
        ["Lotto", "Importo"],
        ["Segnaletica orizzontale", 48000],
      ],
    }),
    headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });
  documents.set("/files/bundle.zip", {
    body: makeZip({
      "allegati/nota.txt": "Sopralluogo obbligatorio entro il 10 gennaio.",
      "allegati/inner.zip": makeZip({ "elenco.csv": "voce;prezzo\nasfalto;12" }),
    }),
    headers: { "content-type": "application/zip" },
  });
  server = createServer((request, response) => {
    const document = documents.get(request.url ?? "");
    if (!document) return void response.writeHead(404).end();
    response.writeHead(200, { ...document.headers, "content-length": String(document.body.length) });
    response.end(document.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const prefix = `dx${uniqueBusToken()}`;
  topology = busTopology({ names: busNames(prefix) });
  await ensureTopology(bus.jsm, topology);
  downloader = spawn(process.execPath, [DOWNLOADER.pathname], {
    env: {
      ...workerProcessEnv({ databaseUrl: t.url, busPrefix: prefix, storageDir: root }),
      // The test's document server is on loopback, which production refuses.
      DOWNLOAD_ALLOWED_HOSTS: new URL(origin).host,
      DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: "true",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  indexerDone = runIndexer(
    {
      db: t.db,
      js: bus.js,
      topology,
      storage: createFilesystemStorage(root),
      ai: createFakeProvider(),
      extractor,
      logger: silent,
      concurrency: 2,
      embedBatching: { maxTexts: 16, maxChars: 100_000, concurrency: 1 },
      maxChunksPerTender: 5000,
      sweep: { intervalMs: 60_000, staleAfterMs: 60_000, batchSize: 10 },
      relayPollIntervalMs: 50,
    },
    stopIndexer.signal,
  );
}, 60_000);

afterAll(async () => {
  stopIndexer.abort();
  await indexerDone;
  if (downloader && downloader.exitCode === null && downloader.signalCode === null) {
    const exited = new Promise((resolve) => downloader?.once("exit", resolve));
    downloader.kill("SIGTERM");
    await exited;
  }
  await extractor?.close();
  for (const stream of [topology.names.stream, topology.names.dlqStream]) {
    await bus.jsm.streams.delete(stream).catch(() => {});
  }
  await bus?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(root, { recursive: true, force: true });
}, 60_000);

/** A tender with pending attachments and its change event in the outbox, as an ingest pass leaves it. */
async function recordTender(paths: readonly string[]): Promise<{ id: string; contentHash: string }> {
  return t.db.transaction().execute(async (trx) => {
    const source = await ensureSource(trx, "ted");
    const { id } = await upsertTender(trx, {
      sourceId: source.id,
      external_id: `P-${randomUUID()}`,
      title: "Manutenzione stradale",
      description: "Lavori di manutenzione delle strade comunali.",
      buyer_name: "Comune di Bergamo",
      amount: "250000.00",
      currency: "EUR",
      published_at: "2025-12-01T09:00:00Z",
      deadline: "2026-01-20T12:00:00Z",
      source_url: "https://ted.europa.eu/it/notice/-/detail/000001-2025",
      contentHash: "0".repeat(64),
      rawPayload: {},
    });
    await syncTenderAttachments(
      trx,
      id,
      paths.map((path, i) => ({
        external_id: null,
        title: null,
        filename: `document-${i}`,
        source_url: `${origin}${path}`,
        content_type: null,
      })),
    );
    const input = await loadContentHashInput(trx, id);
    if (!input) throw new Error("tender vanished");
    const hash = contentHash(input);
    await setTenderContentHash(trx, id, hash);
    await enqueueTenderChanged(trx, { tenderId: id, contentHash: hash, subject: topology.names.subject });
    return { id, contentHash: hash };
  });
}

describe("from a change event to searchable chunks (downloader process + indexer)", () => {
  it("downloads every document, indexes its text with the right sections and keys, and ends ready", async () => {
    const recorded = await recordTender([...documents.keys()]);

    // Each finished download changes the content hash and announces it; the indexer ends on
    // the last one, so the tender is ready exactly for the hash of all five files.
    const tender = await vi.waitFor(
      async () => {
        const attachments = await listAttachmentsForTender(t.db, recorded.id);
        expect(attachments.map((a) => a.download_status)).toEqual(new Array(5).fill("ready"));
        const row = await findTenderById(t.db, recorded.id);
        expect(row?.index_status).toBe("ready");
        expect(row?.indexed_hash).toBe(row?.content_hash);
        return row;
      },
      { timeout: 90_000, interval: 250 },
    );
    const input = await loadContentHashInput(t.db, recorded.id);
    expect(tender?.content_hash).toBe(contentHash(input ?? ({} as never)));
    expect(tender?.content_hash).not.toBe(recorded.contentHash);

    const attachments = await listAttachmentsForTender(t.db, recorded.id);
    const byPath = new Map(attachments.map((a) => [a.source_url.slice(origin.length), a]));
    for (const [path, document] of documents) {
      const attachment = byPath.get(path);
      expect(attachment).toMatchObject({
        sha256: sha256Hex(document.body),
        size_bytes: document.body.length,
      });
      const stored = await readFile(join(root, attachment?.local_path ?? "missing"));
      expect(stored.equals(document.body)).toBe(true);
    }
    // Names from the URL's last segment or Content-Disposition, as the downloader stored them.
    const names = attachments.map((a) => a.filename).sort();
    expect(names).toEqual(
      ["Bando 821126.pdf", "bundle.zip", "prices.xlsx", "spec.docx", "ted_notice_821062-2025_it.pdf"].sort(),
    );

    const chunks = await listChunksForTender(t.db, recorded.id);
    const sections = new Set(chunks.map((c) => c.section));
    expect([...sections].sort()).toEqual(
      [
        "metadata",
        ...[1, 2, 3, 4].map((n) => `ted_notice_821062-2025_it.pdf · page ${n}`),
        ...[1, 2, 3, 4].map((n) => `Bando 821126.pdf · page ${n}`),
        "spec.docx",
        "prices.xlsx · sheet Lots",
        "bundle.zip › allegati/nota.txt",
        "bundle.zip › allegati/inner.zip › elenco.csv",
      ].sort(),
    );
    expect(positionsBySource(chunks)).toEqual(densePositions(chunks));
    for (const chunk of chunks) {
      expect(chunk.chunk_key).toBe(
        chunkKey({
          tenderId: recorded.id,
          attachmentId: chunk.attachment_id,
          position: chunk.position,
          content: chunk.content,
          embeddingModel: "fake-hash-1024",
        }),
      );
      expect(chunk.content_hash).toBe(sha256Hex(chunk.content));
      expect(Math.hypot(...chunk.embedding)).toBeCloseTo(1, 5);
    }
    const bySection = (section: string) => chunks.filter((c) => c.section === section).map((c) => c.content);
    expect(bySection("prices.xlsx · sheet Lots").join("\n")).toContain("Segnaletica orizzontale | 48000");
    expect(bySection("spec.docx").join("\n")).toContain("Rifacimento del manto stradale in via Roma.");
    expect(await listExtractionFailures(t.db, recorded.id)).toEqual([]);

    // A sentence printed inside the PDF is what a search for it finds first.
    const sentence = "Nome ufficiale: A2A Energia Spa";
    const [best] = await searchChunks(t.db, {
      embedding: fakeEmbed(sentence) ?? [],
      model: "fake-hash-1024",
      limit: 3,
      minScore: 0.2,
    });
    expect(best).toMatchObject({
      tender_id: recorded.id,
      attachment_filename: "ted_notice_821062-2025_it.pdf",
    });
    expect(best?.content).toContain(sentence);
  }, 120_000);
});
