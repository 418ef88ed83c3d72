// Nothing holds an indexer event forever: an attempt stuck on a model that never answers, a
// query held by a lock or a storage read that stalls is given up after MESSAGE_MAX_HANDLING_MS
// and counted as a failed attempt, the event comes back with backoff, and the tender is indexed
// once the dependency answers. The ack wait is a minute, far beyond the bound, so only the bound
// can explain a redelivery within these tests; without it the runner would keep the message
// alive through working() for as long as the attempt hangs.
import { execFileSync } from "node:child_process";
import { closeSync, constants, linkSync, openSync, renameSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOllamaProvider } from "@tender/ai";
import { correctProtocols, startTestModelServer, type TestModelServer } from "@tender/ai/testing";
import { type Bus, type BusTopology, busNames, busTopology, connectBus, ensureTopology } from "@tender/bus";
import {
  createDb,
  enqueueTenderChanged,
  findTenderById,
  listAttachmentsForTender,
  listChunksForTender,
} from "@tender/db";
import { createFilesystemStorage } from "@tender/storage";
import {
  createTestDatabase,
  seedTender,
  type TestDatabase,
  testNatsUrl,
  uniqueBusToken,
} from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createExtractorPool } from "./extraction/create-extractor-pool.js";
import type { Extractor } from "./extraction/extraction-types.js";
import { runIndexer } from "./run-indexer.js";
import { makeDocx } from "./testing/make-documents.js";

const MAX_HANDLING_MS = 1_000;
const waitLong = { timeout: 20_000, interval: 100 };
let t: TestDatabase;
let bus: Bus;
let root: string;
let storage: ReturnType<typeof createFilesystemStorage>;
let extractor: Extractor;
let model: TestModelServer;
const topologies: BusTopology[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  bus = await connectBus({ servers: testNatsUrl(), name: "indexer-max-handling-test" });
  root = await mkdtemp(join(tmpdir(), "indexer-max-handling-"));
  storage = createFilesystemStorage(root);
  extractor = createExtractorPool({ size: 1, timeoutMs: 60_000, maxMemoryMb: 256 });
  model = await startTestModelServer(correctProtocols(["bge-m3"]));
});
afterAll(async () => {
  for (const topology of topologies) {
    for (const stream of [topology.names.stream, topology.names.dlqStream]) {
      await bus.jsm.streams.delete(stream).catch(() => {});
    }
  }
  await model.close();
  await extractor.close();
  await bus.close();
  await t.destroy();
  await rm(root, { recursive: true, force: true });
});

/** The runner's warnings (error :: message): a given-up attempt says why. */
const warnings: string[] = [];
const REDELIVERED = "Handler failed; message will be redelivered";
const logger = {
  debug() {},
  info() {},
  warn: (fields: { err?: string }, message?: string) =>
    void warnings.push(`${String(fields.err)} :: ${message}`),
  error() {},
};

/** Runs the indexer on a fresh topology, against the live model server, until stopped. */
async function startIndexer(topology?: BusTopology) {
  const own =
    topology ??
    busTopology({
      names: busNames(`mh${uniqueBusToken()}`),
      delivery: { ackWaitMs: 60_000, maxDeliver: 20, backoff: { initialMs: 100, maxMs: 200 } },
    });
  if (!topology) {
    topologies.push(own);
    await ensureTopology(bus.jsm, own);
  }
  const ai = createOllamaProvider({
    baseUrl: model.url,
    embedModel: "bge-m3",
    chatModel: "chat",
    timeoutMs: 60_000,
  });
  const controller = new AbortController();
  const done = runIndexer(
    {
      db: t.db,
      js: bus.js,
      topology: own,
      storage,
      ai,
      extractor,
      logger,
      concurrency: 1,
      embedBatching: { maxTexts: 8, maxChars: 100_000, concurrency: 1 },
      maxChunksPerTender: 5000,
      maxHandlingMs: MAX_HANDLING_MS,
      sweep: { intervalMs: 600_000, staleAfterMs: 600_000, stuckAfterMs: 600_000, batchSize: 10 },
      relayPollIntervalMs: 50,
    },
    controller.signal,
  );
  return {
    topology: own,
    announce: (tender: { id: string; contentHash: string }) =>
      enqueueTenderChanged(t.db, {
        tenderId: tender.id,
        contentHash: tender.contentHash,
        subject: own.names.subject,
      }),
    /** Deliveries of the consumer so far, redeliveries included. */
    deliveries: async () =>
      (await bus.jsm.consumers.info(own.names.stream, own.names.consumers.indexer)).delivered.consumer_seq,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}

async function expectReady(tenderId: string): Promise<void> {
  await vi.waitFor(
    async () => expect((await findTenderById(t.db, tenderId))?.index_status).toBe("ready"),
    waitLong,
  );
}

/** Attempts the runner gave up at the bound and sent back for redelivery. */
const givenUp = () =>
  warnings.filter(
    (w) => w === `HandlingTimeoutError: handling took longer than ${MAX_HANDLING_MS} ms :: ${REDELIVERED}`,
  );

describe("MESSAGE_MAX_HANDLING_MS in the indexer", () => {
  it("a model that never answers: the attempt fails at the bound, the next one indexes", async () => {
    let hanging = true;
    const answers = correctProtocols(["bge-m3"]);
    model.respondWith((request) => (hanging && request.path === "/api/embed" ? "hang" : answers(request)));
    const tender = await seedTender(t.db, { title: "Harbour dredging" });
    const indexer = await startIndexer();
    const before = givenUp().length;
    await indexer.announce(tender);
    await vi.waitFor(async () => expect(await indexer.deliveries()).toBeGreaterThanOrEqual(2), waitLong);
    expect(givenUp().length).toBeGreaterThan(before);
    hanging = false;
    await expectReady(tender.id);
    await indexer.stop();
  });

  it("a query held by a lock on the tender: the attempt fails at the bound, the next one indexes once the lock is gone", async () => {
    model.respondWith(correctProtocols(["bge-m3"]));
    const tender = await seedTender(t.db, { title: "Bridge painting" });
    const holder = createDb(t.url, { max: 1 });
    const locked = Promise.withResolvers<void>();
    const release = Promise.withResolvers<void>();
    const holding = holder.transaction().execute(async (trx) => {
      await sql`SELECT id FROM tenders WHERE id = ${tender.id} FOR UPDATE`.execute(trx);
      locked.resolve();
      await release.promise;
    });
    const indexer = await startIndexer();
    try {
      await locked.promise;
      const before = givenUp().length;
      await indexer.announce(tender);
      await vi.waitFor(async () => expect(await indexer.deliveries()).toBeGreaterThanOrEqual(2), waitLong);
      expect(givenUp().length).toBeGreaterThan(before);
      expect((await findTenderById(t.db, tender.id))?.index_status).toBe("pending");
    } finally {
      release.resolve();
      await holding;
      await holder.destroy();
    }
    await expectReady(tender.id);
    await indexer.stop();
  });

  it("a storage read that stalls: the attempts fail at the bound and, when the read ends empty, write nothing; the file back, it is indexed", async () => {
    model.respondWith(correctProtocols(["bge-m3"]));
    const bytes = makeDocx(["Dredging of the inner harbour basin and disposal of the sediment."]);
    const tender = await seedTender(t.db, { storage, attachments: [{ filename: "spec.docx", bytes }] });
    const first = await startIndexer();
    await first.announce(tender);
    await expectReady(tender.id);
    // Rebuilt from its stored chunks (nothing to embed) and its stored file (no cached text):
    // the only thing the attempt waits on is the read.
    await t.db.updateTable("tenders").set({ indexed_hash: null }).where("id", "=", tender.id).execute();
    await t.db.deleteFrom("extraction_cache").execute();
    const path = join(root, tender.id, tender.attachmentIds.get("spec.docx") as string);
    // The stored file becomes a pipe nobody writes to: opening it to read waits for ever, in one
    // of libuv's four threads. Hence the synchronous calls here: they need none of those threads.
    renameSync(path, `${path}.real`);
    execFileSync("mkfifo", [path]);
    linkSync(path, `${path}.pipe`);

    const before = givenUp().length;
    const delivered = await first.deliveries();
    await first.announce(tender);
    await vi.waitFor(
      async () => expect(await first.deliveries()).toBeGreaterThanOrEqual(delivered + 2),
      waitLong,
    );
    expect(givenUp().length).toBeGreaterThan(before);
    // Stopped, every attempt still waiting on the pipe is given up too.
    await first.stop();

    renameSync(`${path}.real`, path);
    // The stalled reads end now, with no bytes: a writer opens the pipe and closes it.
    closeSync(openSync(`${path}.pipe`, constants.O_WRONLY | constants.O_NONBLOCK));
    rmSync(`${path}.pipe`);
    // Empty bytes do not match the attachment's sha256: an attempt still allowed to act would
    // send the file back to the downloader. Given up, they must not.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const [attachment] = await listAttachmentsForTender(t.db, tender.id);
    expect(attachment?.download_status).toBe("ready");
    expect((await findTenderById(t.db, tender.id))?.indexed_hash).toBeNull();

    const second = await startIndexer(first.topology);
    await vi.waitFor(
      async () => expect((await findTenderById(t.db, tender.id))?.indexed_hash).toBe(tender.contentHash),
      waitLong,
    );
    await second.stop();
    const chunks = await listChunksForTender(t.db, tender.id);
    expect(chunks.some((c) => c.content.includes("inner harbour basin"))).toBe(true);
    expect((await listAttachmentsForTender(t.db, tender.id))[0]?.download_status).toBe("ready");
  });
});
