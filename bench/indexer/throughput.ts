// Indexing throughput end to end with the fake AI provider: N generated tenders with a DOCX and
// a text attachment each; their change events go to the outbox at t0, and the run ends when
// every tender is `ready` (chunks committed). Run with 1 and with 2 indexer processes (the
// built service, dist/main.js, INDEX_CONCURRENCY=2 each).
// Variants (issue 34): `lexical` is the database as migrated; `plain` drops, in its scratch database
// only, the full-text index of the chunks (the GIN index `chunks_lexemes_idx` and the expression
// that generates `chunks.lexemes`, which then stays NULL), so what hybrid search costs the indexer
// is `lexical` against `plain`, interleaved as listed (the ratio is printed at the end). `unindexed`
// keeps the generated lexemes and drops only the GIN index: which of the two costs.
// Usage (after `pnpm build`): node bench/indexer/throughput.ts [tenders, default 300] [processes, default 1,2]
//   [variants, default lexical], e.g. node bench/indexer/throughput.ts 300 1 lexical,plain,lexical,plain
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { busNames, connectBus } from "../../packages/bus/dist/index.js";
import {
  countChunks,
  countTendersByIndexStatus,
  enqueueTenderChanged,
} from "../../packages/db/dist/index.js";
import { createFilesystemStorage } from "../../packages/storage/dist/index.js";
import { seedTender } from "../../packages/testing/dist/seed-tender.js";
import { makeDocx } from "../../services/indexer/src/testing/make-documents.ts";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const wait = (await import(`../wait-until${".ts"}`)) as typeof import("../wait-until.js");
const benchEnv = (await import(`../service-env${".ts"}`)) as typeof import("../service-env.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const natsUrl = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const tenders = Number(process.argv[2] ?? 300);
const processCounts = (process.argv[3] ?? "1,2").split(",").map(Number);
const variants = (process.argv[4] ?? "lexical").split(",") as Variant[];
type Variant = "lexical" | "plain" | "unindexed";
if (variants.some((v) => v !== "lexical" && v !== "plain" && v !== "unindexed"))
  throw new Error(`variants: lexical, plain or unindexed, comma-separated (got ${process.argv[4]})`);
const MAIN = new URL("../../services/indexer/dist/main.js", import.meta.url).pathname;
const TIME_LIMIT_MS = 10 * 60_000;

const WORDS =
  "road bridge repair asphalt lighting drainage tender contract works supply lot price city municipal maintenance winter service cleaning".split(
    " ",
  );
function prose(seed: number, sentences: number): string[] {
  const out: string[] = [];
  let x = seed;
  for (let s = 0; s < sentences; s++) {
    const words: string[] = [];
    for (let w = 0; w < 14; w++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      words.push(WORDS[x % WORDS.length] as string);
    }
    out.push(`${words.join(" ")}.`);
  }
  return out;
}

async function run(
  processes: number,
  variant: Variant,
): Promise<{ seconds: number; chunks: number; withLexemes: number }> {
  const { url, db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_idx");
  if (variant !== "lexical") await sql`DROP INDEX chunks_lexemes_idx`.execute(db);
  if (variant === "plain") await sql`ALTER TABLE chunks ALTER COLUMN lexemes DROP EXPRESSION`.execute(db);
  const dir = await mkdtemp(join(tmpdir(), "bench-indexer-"));
  const prefix = `b${randomBytes(4).toString("hex")}`;
  const names = busNames(prefix);
  const children: ChildProcess[] = [];
  try {
    const storage = createFilesystemStorage(dir);
    const seeded: { id: string; contentHash: string }[] = [];
    for (let i = 0; i < tenders; i++) {
      // Per tender: a DOCX of 40 sentences and a text file of 60 (about 11 KB of text).
      seeded.push(
        await seedTender(db, {
          storage,
          attachments: [
            { filename: "spec.docx", bytes: makeDocx(prose(i * 7 + 1, 40)) },
            { filename: "notes.txt", bytes: new TextEncoder().encode(prose(i * 7 + 2, 60).join("\n")) },
          ],
        }),
      );
    }
    const env = {
      ...benchEnv.benchServiceEnv({ databaseUrl: url, natsUrl, busPrefix: prefix }),
      STORAGE_DIR: dir,
      INDEX_CONCURRENCY: "2",
      SWEEP_INTERVAL_MS: "3600000",
    };
    for (let p = 0; p < processes; p++) {
      children.push(spawn(process.execPath, [MAIN], { env, stdio: ["ignore", "ignore", "inherit"] }));
    }
    // Ready once the consumer exists (each process creates the topology at start).
    const bus = await connectBus({ servers: natsUrl, name: "bench-indexer" });
    await wait.waitUntil(
      () => wait.consumerExists(bus.jsm, names.stream, names.consumers.indexer),
      "started (the indexer's consumer)",
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    await new Promise((r) => setTimeout(r, 1000));

    const t0 = performance.now();
    await db.transaction().execute(async (trx) => {
      for (const t of seeded) {
        await enqueueTenderChanged(trx, {
          tenderId: t.id,
          contentHash: t.contentHash,
          subject: names.subject,
        });
      }
    });
    for (;;) {
      const counts = await countTendersByIndexStatus(db);
      if (counts.ready === tenders) break;
      if (counts.failed > 0) throw new Error(`${counts.failed} tenders failed`);
      if (performance.now() - t0 > TIME_LIMIT_MS) throw new Error("time limit reached");
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    const chunks = await countChunks(db);
    // Proof of the variant: every chunk has its lexemes as migrated, none once they are dropped.
    const { rows } = await sql<{ n: string }>`SELECT count(lexemes) AS n FROM chunks`.execute(db);
    const withLexemes = Number(rows[0]?.n ?? 0);
    for (const stream of [names.stream, names.dlqStream])
      await bus.jsm.streams.delete(stream).catch(() => {});
    await bus.close();
    return { seconds, chunks, withLexemes };
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)))),
    );
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
console.log(`${tenders} tenders, each: metadata + spec.docx (40 sentences) + notes.txt (60 sentences)`);
const rates = new Map<string, number[]>();
for (const processes of processCounts) {
  for (const variant of variants) {
    const loadBefore = load();
    const { seconds, chunks, withLexemes } = await run(processes, variant);
    const rate = chunks / seconds;
    const key = `${processes} process(es), ${variant}`;
    rates.set(key, [...(rates.get(key) ?? []), rate]);
    console.log(
      `${key}: ${chunks} chunks (${withLexemes} with lexemes) in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} chunks/s, ` +
        `${(tenders / seconds).toFixed(1)} tenders/s (load average before: ${loadBefore}, after: ${load()})`,
    );
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const processes of new Set(processCounts)) {
  const plain = rates.get(`${processes} process(es), plain`);
  if (!plain) continue;
  for (const variant of ["lexical", "unindexed"]) {
    const other = rates.get(`${processes} process(es), ${variant}`);
    if (!other) continue;
    console.log(
      `${processes} process(es): ${variant} ${mean(other).toFixed(0)} chunks/s (mean of ${other.length}), ` +
        `plain ${mean(plain).toFixed(0)} chunks/s (mean of ${plain.length}), ${variant} / plain = ${(mean(other) / mean(plain)).toFixed(3)}`,
    );
  }
}
