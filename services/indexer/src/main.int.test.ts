// Tests the built service itself (dist/main.js, as `pnpm start` runs it): a SIGKILL while it
// holds a message, redelivery to a new process, and a graceful SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeEmbed } from "@tender/ai";
import { type Responder, startTestModelServer } from "@tender/ai/testing";
import { type BusTopology, busNames, connectBus } from "@tender/bus";
import { countChunks, enqueueTenderChanged, findTenderById, listChunksForTender } from "@tender/db";
import { createFilesystemStorage } from "@tender/storage";
import { seedTender, testNatsUrl, uniqueBusToken, useTestDatabase, workerProcessEnv } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { extractDocument } from "./extraction/extract-document.js";
import { indexTender } from "./index-tender.js";
import { makeDocx } from "./testing/make-documents.js";
import { createSwitchableProvider } from "./testing/switchable-provider.js";

const MAIN = new URL("../dist/main.js", import.meta.url);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Ollama answers with the fake provider's vectors; while `hold`, embedding requests get none. */
function fakeOllama(hold: boolean): Responder {
  return ({ path, body }) => {
    if (path !== "/api/embed") return { json: { models: [{ name: "test-embed" }] } };
    if (hold) return "hang";
    const { input } = body as { input: string[] };
    return { json: { embeddings: input.map((text) => fakeEmbed(text) ?? new Array(1024).fill(0)) } };
  };
}

const t = useTestDatabase();
let root: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "indexer-main-"));
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await rm(root, { recursive: true, force: true });
});

describe("indexer service (dist/main.js)", () => {
  it("is killed (SIGKILL) holding a message; a new process gets it again and indexes it once", async () => {
    expect(existsSync(MAIN), "build the service first: pnpm exec tsc -b").toBe(true);
    const ollama = await startTestModelServer(fakeOllama(true));
    const prefix = `m${uniqueBusToken()}`;
    const topology = { names: busNames(prefix) } as Pick<BusTopology, "names">;
    const env = {
      ...workerProcessEnv({ databaseUrl: t.url, busPrefix: prefix, storageDir: root }),
      AI_PROVIDER: "ollama",
      AI_BASE_URL: ollama.url,
      AI_EMBED_MODEL: "test-embed",
      AI_CHAT_MODEL: "test-embed",
      AI_TIMEOUT_MS: "300000",
      INDEX_CONCURRENCY: "1",
      SWEEP_INTERVAL_MS: "600000",
      // The killed process's message comes back after this (the default, 60 s, would be most of
      // this file's time).
      NATS_ACK_WAIT_MS: "10000",
    };
    const startService = () => {
      const child = spawn(process.execPath, [MAIN.pathname], { env, stdio: ["ignore", "ignore", "inherit"] });
      children.push(child);
      return child;
    };
    const exited = (child: ChildProcess) =>
      new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal })),
      );

    const storage = createFilesystemStorage(root);
    const attachments = [
      { filename: "spec.docx", bytes: makeDocx(["Ponte sul fiume, lavori di consolidamento. ".repeat(80)]) },
    ];
    const tender = await seedTender(t.db, { storage, attachments });
    const first = startService();
    await enqueueTenderChanged(t.db, {
      tenderId: tender.id,
      contentHash: tender.contentHash,
      subject: topology.names.subject,
    });
    await vi.waitFor(() => expect(ollama.requests.some((r) => r.path === "/api/embed")).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    expect(await findTenderById(t.db, tender.id)).toMatchObject({ index_status: "processing" });

    const firstExit = exited(first);
    first.kill("SIGKILL");
    expect(await firstExit).toEqual({ code: null, signal: "SIGKILL" });
    ollama.respondWith(fakeOllama(false));

    // The message comes back once its ack wait (NATS_ACK_WAIT_MS) runs out.
    const second = startService();
    await vi.waitFor(
      async () => {
        expect(await findTenderById(t.db, tender.id)).toMatchObject({
          index_status: "ready",
          indexed_hash: tender.contentHash,
        });
      },
      { timeout: 120_000, interval: 500 },
    );
    const chunks = await listChunksForTender(t.db, tender.id);
    expect(new Set(chunks.map((c) => c.chunk_key)).size).toBe(chunks.length);
    expect(chunks.every((c) => c.embedding_model === "test-embed")).toBe(true);
    const twin = await seedTender(t.db, { storage, attachments });
    await indexTender(
      {
        db: t.db,
        storage,
        ai: createSwitchableProvider(),
        extractor: { extract: extractDocument, close: async () => {} },
        logger: silent,
        embedBatching: { maxTexts: 32, maxChars: 100_000, concurrency: 1 },
        maxChunksPerTender: 5000,
      },
      { tenderId: twin.id, contentHash: twin.contentHash },
    );
    expect(chunks.length).toBe(await countChunks(t.db, twin.id));

    const secondExit = exited(second);
    second.kill("SIGTERM");
    expect(await secondExit).toEqual({ code: 0, signal: null });

    await ollama.close();
    const bus = await connectBus({ servers: testNatsUrl(), name: "indexer-main-test-cleanup" });
    for (const stream of [topology.names.stream, topology.names.dlqStream]) {
      await bus.jsm.streams.delete(stream).catch(() => {});
    }
    await bus.close();
  }, 180_000);
});
