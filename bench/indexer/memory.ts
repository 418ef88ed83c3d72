// Peak memory of the indexer process while it indexes ONE tender with 50 (or the given number of) attachments of 5 MB,
// for the indexer of the given checkout (its built dist/; run once per checkout, each in a fresh
// process so the figures do not mix). Fake AI provider, two extraction child processes (their
// memory is capped separately by EXTRACT_MAX_MEMORY_MB and not counted here).
// Scenarios: "bundles": each file is a ZIP of a 5 MB scan (random bytes, no text) and a text of
// about 20 chunks; "texts": each file is 5 MB of text (the extractor keeps 2M characters of it),
// far more chunks than INDEX_MAX_CHUNKS_PER_TENDER (default 5000) allows.
// Usage (after `pnpm build`): node --expose-gc bench/indexer/memory.ts [checkout=.] [bundles|texts] [files=50]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { makeZip } from "../../services/indexer/src/testing/make-documents.ts";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const root = resolve(process.argv[2] ?? ".");
const scenario = process.argv[3] === "texts" ? "texts" : "bundles";
const FILES = Number(process.argv[4] ?? 50);
const MB = 1024 * 1024;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

const WORDS = "road bridge repair asphalt lighting drainage tender contract works supply lot price".split(
  " ",
);
function prose(seed: number, chars: number): string {
  const out: string[] = [];
  let x = seed;
  let length = 0;
  while (length < chars) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const word = WORDS[x % WORDS.length] as string;
    out.push(word);
    length += word.length + 1;
  }
  return out.join(" ");
}

function file(i: number): { filename: string; bytes: Uint8Array } {
  if (scenario === "texts")
    return { filename: `spec-${i}.txt`, bytes: new TextEncoder().encode(prose(i, 5 * MB)) };
  return {
    filename: `bundle-${i}.zip`,
    bytes: makeZip({ "scan.bin": randomBytes(5 * MB), "notes.txt": prose(i, 20_000) }, 0),
  };
}

const checkout = (await import(`./load-checkout${".ts"}`)) as typeof import("./load-checkout.js");
const m = await checkout.loadCheckout(root);

// This checkout's schema: a superset of an older checkout's, which it runs on unchanged.
const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_memory");
const dir = await mkdtemp(join(tmpdir(), "bench-memory-"));
const extractor = m.createExtractorPool({ size: 2, timeoutMs: 120_000, maxMemoryMb: 1024 });
try {
  const storage = m.storage.createFilesystemStorage(dir);
  // One file in memory at a time while seeding: put each, then drop it.
  const seeded = await m.testing.seedTender(db, {
    attachments: Array.from({ length: FILES }, (_, i) => ({ filename: file(i).filename })),
  });
  for (let i = 0; i < FILES; i++) {
    const f = file(i);
    const { Readable } = await import("node:stream");
    const stored = await storage.put(
      `${seeded.id}/${seeded.attachmentIds.get(f.filename)}`,
      Readable.from([Buffer.from(f.bytes)]),
      {
        maxBytes: 1 << 30,
      },
    );
    await m.db.markAttachmentReady(db, seeded.attachmentIds.get(f.filename), {
      localPath: stored.key,
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    });
  }
  const hash = m.contracts.contentHash(await m.db.loadContentHashInput(db, seeded.id));
  await m.db.setTenderContentHash(db, seeded.id, hash);

  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  const t0 = performance.now();
  const outcome = await m.indexTender(
    {
      db,
      storage,
      ai: m.ai.createAiProvider({ provider: "fake" }),
      extractor,
      logger: silent,
      embedBatchSize: 32,
      embedBatching: { maxTexts: 32, maxChars: 48_000, concurrency: 2 },
      maxChunksPerTender: 5000,
    },
    { tenderId: seeded.id, contentHash: hash },
  );
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const chunks = await m.db.countChunks(db, seeded.id);
  console.log(
    `${root} ${scenario}: ${outcome}, ${chunks} chunks, ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `RSS before indexing ${(before / MB).toFixed(0)} MiB, peak while indexing ${(peak / MB).toFixed(0)} MiB ` +
      `(+${((peak - before) / MB).toFixed(0)} MiB); load average before: ${load}`,
  );
} finally {
  await extractor.close();
  await drop();
  await rm(dir, { recursive: true, force: true });
}
