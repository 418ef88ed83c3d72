import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Bus,
  type BusTopology,
  busNames,
  busTopology,
  connectBus,
  type DeliverySettings,
  ensureTopology,
  listDeadLetters,
} from "@tender/bus";
import { countChunks, enqueueTenderChanged, findTenderById, listChunksForTender } from "@tender/db";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { createFilesystemStorage } from "@tender/storage";
import {
  createTestDatabase,
  seedTender,
  startTcpProxy,
  type TestDatabase,
  testNatsUrl,
  uniqueBusToken,
} from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createExtractorPool } from "./extraction/create-extractor-pool.js";
import type { Extractor } from "./extraction/extraction-types.js";
import { indexTender } from "./index-tender.js";
import { runIndexer } from "./run-indexer.js";
import { makeDocx } from "./testing/make-documents.js";
import { densePositions, positionsBySource } from "./testing/positions-by-source.js";
import { createSwitchableProvider, type SwitchableProvider } from "./testing/switchable-provider.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const waitLong = { timeout: 25_000, interval: 100 };
let t: TestDatabase;
let bus: Bus;
let root: string;
let storage: ReturnType<typeof createFilesystemStorage>;
let extractor: Extractor;
const topologies: BusTopology[] = [];
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  bus = await connectBus({ servers: testNatsUrl(), name: "indexer-run-test" });
  root = await mkdtemp(join(tmpdir(), "indexer-run-"));
  storage = createFilesystemStorage(root);
  extractor = createExtractorPool({ size: 2, timeoutMs: 60_000, maxMemoryMb: 256 });
});
afterAll(async () => {
  for (const stop of stops) await stop();
  for (const topology of topologies) {
    for (const stream of [topology.names.stream, topology.names.dlqStream]) {
      await bus.jsm.streams.delete(stream).catch(() => {});
    }
  }
  await extractor.close();
  await bus.close();
  await t.destroy();
  await rm(root, { recursive: true, force: true });
});

async function freshTopology(delivery: Partial<DeliverySettings> = {}): Promise<BusTopology> {
  const topology = busTopology({
    names: busNames(`ix${uniqueBusToken()}`),
    delivery: { ackWaitMs: 5_000, maxDeliver: 5, backoff: { initialMs: 100, maxMs: 200 }, ...delivery },
  });
  topologies.push(topology);
  await ensureTopology(bus.jsm, topology);
  return topology;
}

function start(
  topology: BusTopology,
  ai: SwitchableProvider,
  options: { via?: Bus; sweepIntervalMs?: number } = {},
): { stop: () => Promise<void>; abandon: () => void } {
  const controller = new AbortController();
  const done = runIndexer(
    {
      db: t.db,
      js: (options.via ?? bus).js,
      topology,
      storage,
      ai,
      extractor,
      logger: silent,
      concurrency: 2,
      embedBatching: { maxTexts: 8, maxChars: 100_000, concurrency: 1 },
      maxChunksPerTender: 5000,
      sweep: {
        intervalMs: options.sweepIntervalMs ?? 60_000,
        staleAfterMs: options.sweepIntervalMs ?? 60_000,
        batchSize: 10,
      },
      relayPollIntervalMs: 50,
    },
    controller.signal,
  );
  const stop = async () => {
    controller.abort();
    await done;
  };
  stops.push(async () => {
    if (!controller.signal.aborted) await stop();
  });
  // A killed process never finishes its work: stop pulling, but do not wait for the hung handler.
  const abandon = () => controller.abort();
  return { stop, abandon };
}

async function announce(topology: BusTopology, tender: { id: string; contentHash: string }) {
  await enqueueTenderChanged(t.db, {
    tenderId: tender.id,
    contentHash: tender.contentHash,
    subject: topology.names.subject,
  });
}

const tedPdf = async () => new Uint8Array(await readFile(tedFixturePath(TED_FIXTURES.noticePdf821126)));

describe("runIndexer (PostgreSQL + NATS)", () => {
  it("turns a change event into committed chunks and a ready tender; a repeated event changes nothing", async () => {
    const topology = await freshTopology();
    const tender = await seedTender(t.db, {
      storage,
      attachments: [
        { filename: "notice.pdf", bytes: await tedPdf(), contentType: "application/pdf" },
        { filename: "spec.docx", bytes: makeDocx(["Lavori di manutenzione stradale."]) },
      ],
    });
    const indexer = start(topology, createSwitchableProvider());
    await announce(topology, tender);
    await vi.waitFor(async () => {
      expect(await findTenderById(t.db, tender.id)).toMatchObject({
        index_status: "ready",
        indexed_hash: tender.contentHash,
      });
    }, waitLong);
    const chunks = await listChunksForTender(t.db, tender.id);
    expect(chunks.some((c) => c.section === "spec.docx" && c.content.includes("manutenzione stradale"))).toBe(
      true,
    );
    expect(chunks.filter((c) => c.section.startsWith("notice.pdf · page ")).length).toBeGreaterThanOrEqual(4);

    await announce(topology, tender);
    await vi.waitFor(async () => {
      const info = await bus.jsm.consumers.info(topology.names.stream, topology.names.consumers.indexer);
      // Both announcements handled (the stream also holds the TenderIndexedV1 of the first run).
      expect(info.ack_floor.consumer_seq).toBe(2);
    }, waitLong);
    expect((await listChunksForTender(t.db, tender.id)).map((c) => c.id)).toEqual(chunks.map((c) => c.id));
    await indexer.stop();
  });

  it("heals an AI outage by itself: failed with last_error, then the sweeper brings it to ready", async () => {
    // One attempt per message: only the sweeper can bring the tender back.
    const topology = await freshTopology({ maxDeliver: 1 });
    const ai = createSwitchableProvider();
    ai.mode = "down";
    const tender = await seedTender(t.db, { storage });
    const indexer = start(topology, ai, { sweepIntervalMs: 300 });
    await announce(topology, tender);
    await vi.waitFor(async () => {
      expect(await findTenderById(t.db, tender.id)).toMatchObject({
        index_status: "failed",
        last_error: "AI provider unavailable: POST /api/embed: connection refused",
      });
    }, waitLong);
    await vi.waitFor(
      async () => expect((await listDeadLetters(bus.jsm, topology)).length).toBeGreaterThan(0),
      waitLong,
    );

    ai.mode = "up";
    await vi.waitFor(async () => {
      expect(await findTenderById(t.db, tender.id)).toMatchObject({
        index_status: "ready",
        indexed_hash: tender.contentHash,
        last_error: null,
        index_attempts: 0,
        next_index_at: null,
      });
    }, waitLong);
    expect(await countChunks(t.db, tender.id)).toBeGreaterThan(0);
    await indexer.stop();
  });

  it("survives an indexer that dies holding the message: redelivery, ready, no duplicate chunks", async () => {
    const topology = await freshTopology({ ackWaitMs: 2_000 });
    const [host, port] = new URL(testNatsUrl()).host.split(":");
    const proxy = await startTcpProxy({ host: host ?? "127.0.0.1", port: Number(port ?? 4222) });
    const doomedBus = await connectBus({ servers: `nats://${proxy.address}`, name: "indexer-doomed" });
    const attachments = [{ filename: "spec.docx", bytes: makeDocx(["Bridge repair. ".repeat(300)]) }];
    const tender = await seedTender(t.db, { storage, attachments });

    const hung = createSwitchableProvider();
    hung.mode = "hang";
    const doomed = start(topology, hung, { via: doomedBus });
    await announce(topology, tender);
    await vi.waitFor(() => expect(hung.calls).toBeGreaterThan(0), waitLong);
    expect(await findTenderById(t.db, tender.id)).toMatchObject({ index_status: "processing" });

    // The process "dies": its connection is gone without an ack, its work never finishes.
    await proxy.cut();
    doomed.abandon();
    const survivor = start(topology, createSwitchableProvider());
    await vi.waitFor(async () => {
      expect(await findTenderById(t.db, tender.id)).toMatchObject({
        index_status: "ready",
        indexed_hash: tender.contentHash,
      });
    }, waitLong);

    const chunks = await listChunksForTender(t.db, tender.id);
    expect(new Set(chunks.map((c) => c.chunk_key)).size).toBe(chunks.length);
    expect(positionsBySource(chunks)).toEqual(densePositions(chunks));
    // The same tender indexed once, cleanly, gives exactly as many chunks.
    const twin = await seedTender(t.db, { storage, attachments });
    await indexTender(
      {
        db: t.db,
        storage,
        ai: createSwitchableProvider(),
        extractor,
        logger: silent,
        embedBatching: { maxTexts: 8, maxChars: 100_000, concurrency: 1 },
        maxChunksPerTender: 5000,
      },
      { tenderId: twin.id, contentHash: twin.contentHash },
    );
    expect(chunks.length).toBe(await countChunks(t.db, twin.id));
    expect(chunks.length).toBeGreaterThan(2);

    await survivor.stop();
    await doomedBus.nc.close();
    await proxy.close();
  });

  it("rebuilds chunks made by another embedding model once the model is changed", async () => {
    const topology = await freshTopology();
    const oldAi = createSwitchableProvider();
    oldAi.embedModel = "previous-model";
    const tender = await seedTender(t.db, {
      storage,
      attachments: [{ filename: "a.txt", bytes: new TextEncoder().encode("Street lighting upgrade.") }],
    });
    await indexTender(
      {
        db: t.db,
        storage,
        ai: oldAi,
        extractor,
        logger: silent,
        embedBatching: { maxTexts: 8, maxChars: 100_000, concurrency: 1 },
        maxChunksPerTender: 5000,
      },
      { tenderId: tender.id, contentHash: tender.contentHash },
    );
    const models = sql<string>`array_agg(DISTINCT embedding_model ORDER BY embedding_model)`;
    const modelsOf = async () =>
      (
        await t.db
          .selectFrom("chunks")
          .select(models.as("models"))
          .where("tender_id", "=", tender.id)
          .executeTakeFirstOrThrow()
      ).models;
    expect(await modelsOf()).toEqual(["previous-model"]);

    const indexer = start(topology, createSwitchableProvider(), { sweepIntervalMs: 200 });
    await vi.waitFor(async () => expect(await modelsOf()).toEqual(["fake-hash-1024"]), waitLong);
    expect(await findTenderById(t.db, tender.id)).toMatchObject({
      index_status: "ready",
      indexed_hash: tender.contentHash,
    });
    await indexer.stop();
  });
});
