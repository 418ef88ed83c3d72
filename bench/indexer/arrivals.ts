// Indexing while attachments arrive one by one, against a model that charges a fixed delay per
// text (the test model server's `embedMsPerText`, a stand-in for an embedding model on CPU that
// embeds one request at a time). Per tender: its metadata is indexed, then each of its K
// documents is downloaded (ready, content hash recomputed) and the tender indexed again, round by
// round across the corpus, two tenders at a time (INDEX_CONCURRENCY=2). Counts the texts the
// model embedded and the wall time, for the indexer of each given checkout (its built dist/), the
// checkouts interleaved, a fresh database per run.
// Usage (after `pnpm build` in every checkout):
//   node bench/indexer/arrivals.ts before=/tmp/old-checkout,after=. [tenders=200] [docs=4] [ms per text=20] [rounds=1]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { correctProtocols, startTestModelServer } from "../../packages/ai/src/testing/test-model-server.ts";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const checkout = (await import(`./load-checkout${".ts"}`)) as typeof import("./load-checkout.js");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const trees = (process.argv[2] ?? "after=.").split(",").map((entry) => {
  const [label, path] = entry.split("=");
  return { label: label ?? "", root: resolve(path ?? ".") };
});
const tenders = Number(process.argv[3] ?? 200);
const docs = Number(process.argv[4] ?? 4);
const msPerText = Number(process.argv[5] ?? 20);
const rounds = Number(process.argv[6] ?? 1);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

const WORDS =
  "road bridge repair asphalt lighting drainage tender contract works supply lot price city municipal maintenance winter service cleaning".split(
    " ",
  );
/** About `chars` characters of deterministic prose. */
function prose(seed: number, chars: number): string {
  const out: string[] = [];
  let x = seed;
  let length = 0;
  while (length < chars) {
    const words: string[] = [];
    for (let w = 0; w < 14; w++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      words.push(WORDS[x % WORDS.length] as string);
    }
    const sentence = `${words.join(" ")}.`;
    out.push(sentence);
    length += sentence.length + 1;
  }
  return out.join("\n");
}

async function run(root: string) {
  const m = await checkout.loadCheckout(root);
  // This checkout's schema: a superset of an older checkout's, which it runs on unchanged.
  const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_arrivals");
  const dir = await mkdtemp(join(tmpdir(), "bench-arrivals-"));
  const server = await startTestModelServer(correctProtocols(["cpu-model"]), { embedMsPerText: msPerText });
  const extractor = m.createExtractorPool({ size: 2, timeoutMs: 60_000, maxMemoryMb: 512 });
  try {
    const storage = m.storage.createFilesystemStorage(dir);
    const ai = m.ai.createAiProvider({
      provider: "ollama",
      baseUrl: server.url,
      embedModel: "cpu-model",
      chatModel: "cpu-model",
      timeoutMs: 600_000,
    });
    const deps = {
      db,
      storage,
      ai,
      extractor,
      logger: silent,
      // Both generations of the indexer's options: each reads its own.
      embedBatchSize: 32,
      embedBatching: { maxTexts: 32, maxChars: 48_000, concurrency: 2 },
      maxChunksPerTender: 5000,
    };
    const corpus: { id: string; hash: string; attachments: { id: string; bytes: Uint8Array }[] }[] = [];
    for (let i = 0; i < tenders; i++) {
      const files = Array.from({ length: docs }, (_, d) => ({
        filename: `doc-${d}.txt`,
        // About two chunks each.
        bytes: new TextEncoder().encode(prose(i * 101 + d * 7 + 1, 2000)),
      }));
      const seeded = await m.testing.seedTender(db, {
        description: prose(i * 101, 300),
        attachments: files.map((f) => ({ filename: f.filename })),
      });
      corpus.push({
        id: seeded.id,
        hash: seeded.contentHash,
        attachments: files.map((f) => ({ id: seeded.attachmentIds.get(f.filename), bytes: f.bytes })),
      });
    }
    /** The download of one document, as the downloader records it. */
    const arrive = async (tender: (typeof corpus)[number], a: { id: string; bytes: Uint8Array }) => {
      const stored = await storage.put(`${tender.id}/${a.id}`, Readable.from([Buffer.from(a.bytes)]), {
        maxBytes: 1 << 30,
      });
      await m.db.markAttachmentReady(db, a.id, {
        localPath: stored.key,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      });
      const hash = m.contracts.contentHash(await m.db.loadContentHashInput(db, tender.id));
      await m.db.setTenderContentHash(db, tender.id, hash);
      tender.hash = hash;
    };
    const indexAll = async () => {
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < corpus.length; i = next++) {
          const t = corpus[i] as (typeof corpus)[number];
          await m.indexTender(deps, { tenderId: t.id, contentHash: t.hash });
        }
      };
      await Promise.all([worker(), worker()]);
    };
    const t0 = performance.now();
    await indexAll();
    for (let d = 0; d < docs; d++) {
      for (const tender of corpus)
        await arrive(tender, tender.attachments[d] as { id: string; bytes: Uint8Array });
      await indexAll();
    }
    const seconds = (performance.now() - t0) / 1000;
    const texts = server.requests.reduce(
      (n, r) => n + (((r.body as { input?: unknown[] } | null)?.input ?? []) as unknown[]).length,
      0,
    );
    const chunks = await m.db.countChunks(db);
    const counts = await m.db.countTendersByIndexStatus(db);
    if (counts.ready !== tenders) throw new Error(`only ${counts.ready} of ${tenders} tenders ready`);
    return { seconds, texts, chunks };
  } finally {
    await extractor.close();
    await server.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(
  `${tenders} tenders, each: metadata, then ${docs} documents of about 2,000 characters arriving one by one; ` +
    `model: ${msPerText} ms per text, one request at a time; 2 tenders indexed at once`,
);
for (let r = 1; r <= rounds; r++) {
  for (const tree of trees) {
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    const { seconds, texts, chunks } = await run(tree.root);
    console.log(
      `round ${r} ${tree.label}: ${texts} texts embedded for ${chunks} chunks stored ` +
        `(${(texts / tenders).toFixed(1)} per tender), ${seconds.toFixed(1)} s (load average before: ${load})`,
    );
  }
}
