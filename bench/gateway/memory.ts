// Memory and answer sizes with maximum-size tenders (docs/records.md#limits). Stores N tenders at
// every limit through the import path (`importTenderRecords`), indexes them with the real indexer
// (dist/main.js, fake AI provider) while reading its peak RSS, then starts the real gateway
// (dist/main.js) and hammers Search, Ask, the tender card and procedures with C concurrent clients
// for S seconds, reading the gateway's RSS from /proc every 200 ms and its peak (VmHWM) at the
// end, while one more client asks `/health/live` every 100 ms and keeps its slowest answer.
// Text is chosen for the largest JSON: U+0001 is written as `\u0001` (6 bytes), 道 as 3 bytes.
// Beside them, the data of issue 32's first finding (`seedOversizedProcedures`): five notices
// chained as changes with 500 attachments of 1,000 control characters each, their result notice,
// and a procedure of 1,500 notices. `card` reads the cards of the maximum-size tenders and of the
// chained notices; `procedure` the two procedures. Without `search` and `ask` nothing is indexed.
// Usage (after `pnpm build`): node bench/gateway/memory.ts [tenders, default 20] [seconds, default 60] [clients, default 8] [kinds, default search,ask,card,procedure]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database;
// GATEWAY_NODE_OPTIONS replaces the gateway's deployed heap settings (empty: Node's defaults).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { busNames, connectBus } from "../../packages/bus/dist/index.js";
import { RECORD_LIMITS } from "../../packages/contracts/dist/index.js";
import { countTendersByIndexStatus, createApiKey } from "../../packages/db/dist/index.js";
import { importTenderRecords, relinkProcedure } from "../../packages/ingest/dist/index.js";
import { seedOversizedProcedures } from "../../packages/testing/dist/seed-oversized-procedures.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const natsUrl = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const tenders = Number(process.argv[2] ?? 20);
const seconds = Number(process.argv[3] ?? 60);
const clients = Number(process.argv[4] ?? 8);
type Kind = "search" | "ask" | "card" | "procedure";
const kinds = (process.argv[5] ?? "search,ask,card,procedure").split(",") as Kind[];
const indexed = kinds.includes("search") || kinds.includes("ask");
const GATEWAY = new URL("../../services/gateway/dist/main.js", import.meta.url).pathname;
const INDEXER = new URL("../../services/indexer/dist/main.js", import.meta.url).pathname;
const INDEX_TIME_LIMIT_MS = 15 * 60_000;
/** The gateway's heap settings as deploy/compose.yaml and k8s/base/gateway.yaml set them. */
const DEPLOYED_NODE_OPTIONS = "--max-old-space-size=192 --max-semi-space-size=4";
const gatewayNodeOptions = process.env.GATEWAY_NODE_OPTIONS ?? DEPLOYED_NODE_OPTIONS;

/** `n` code points repeating `unit` (a string of whole code points). */
const fill = (unit: string, n: number) => {
  const units = [...unit];
  return Array.from({ length: n }, (_, i) => units[i % units.length]).join("");
};
const url = (prefix: string, n: number) => `${prefix}${"a".repeat(n - prefix.length)}`;

/** A record at every limit; `i` keeps ids and URLs distinct. */
function maximumRecord(i: number): string {
  const id = `max-${i}-`;
  return JSON.stringify({
    source: "ted",
    external_id: url(id, RECORD_LIMITS.externalId),
    title: fill("\u0001", RECORD_LIMITS.title),
    // Words for the fake embedding (control characters become spaces when indexed).
    description: fill("道路\u0001\u0001", RECORD_LIMITS.description),
    buyer_name: fill("\u0001", RECORD_LIMITS.buyerName),
    amount: "999999999999999999.99",
    currency: "EUR",
    published_at: "2026-05-01T09:00:00Z",
    deadline: "9999-12-31T23:59:59.999Z",
    source_url: url(`https://example.com/${id}/`, RECORD_LIMITS.sourceUrl),
    attachments: Array.from({ length: RECORD_LIMITS.attachments }, (_, a) => ({
      external_id: fill("\u0001", RECORD_LIMITS.attachmentExternalId),
      title: fill("\u0001", RECORD_LIMITS.attachmentTitle),
      filename: fill("\u0001", 255),
      source_url: url(`https://example.com/${id}/${a}/`, RECORD_LIMITS.sourceUrl),
      content_type: fill("\u0001", RECORD_LIMITS.attachmentContentType),
    })),
    // 5,000,000 bytes of JSON text: {"t":"…"} is 8 bytes around the text.
    raw_payload: { t: "x".repeat(RECORD_LIMITS.rawPayloadBytes - 8) },
  });
}

function procStatus(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function waitFor(check: () => Promise<boolean>, what: string, limitMs: number): Promise<void> {
  for (const deadline = Date.now() + limitMs; !(await check().catch(() => false)); ) {
    if (Date.now() > deadline) throw new Error(`${what}: time limit reached`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exited(child: ChildProcess): Promise<unknown> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", r));
}

const { url: dbUrl, db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_gw");
const dir = await mkdtemp(join(tmpdir(), "bench-gateway-"));
const prefix = `b${randomBytes(4).toString("hex")}`;
const names = busNames(prefix);
const children: ChildProcess[] = [];
try {
  const loadBefore = loadavg()[0]?.toFixed(2);
  const report = await importTenderRecords(db, {
    sourceCode: "ted",
    lines: Array.from({ length: tenders }, (_, i) => maximumRecord(i)),
    subject: names.subject,
    batchSize: 1,
  });
  if (report.created !== tenders)
    throw new Error(`stored ${report.created} of ${tenders}: ${JSON.stringify(report.rejected)}`);
  console.log(`${tenders} maximum-size tenders stored (load average before: ${loadBefore})`);
  const oversized = await seedOversizedProcedures(db, { link: relinkProcedure });
  console.log(
    "issue 32's procedures stored: five chained notices with 500 long-titled attachments each, 1,500 notices",
  );

  const base = {
    PATH: process.env.PATH,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: "warn",
    AI_PROVIDER: "fake",
  };
  // Index them with the real indexer; its own outbox relay publishes the stored events.
  if (indexed) {
    const indexer = spawn(process.execPath, [INDEXER], {
      env: {
        ...base,
        NATS_URL: natsUrl,
        BUS_PREFIX: prefix,
        HEALTH_PORT: "0",
        STORAGE_DIR: dir,
        SWEEP_INTERVAL_MS: "3600000",
        // The indexer is deployed without heap settings; INDEXER_NODE_OPTIONS tries some.
        NODE_OPTIONS: process.env.INDEXER_NODE_OPTIONS ?? "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(indexer);
    const indexStart = performance.now();
    let indexerPeak = 0;
    await waitFor(
      async () => {
        indexerPeak = Math.max(indexerPeak, procStatus(indexer.pid as number, "VmRSS"));
        const counts = await countTendersByIndexStatus(db);
        if (counts.failed > 0) throw new Error(`${counts.failed} tenders failed to index`);
        return counts.ready === tenders;
      },
      "indexing",
      INDEX_TIME_LIMIT_MS,
    );
    indexerPeak = Math.max(indexerPeak, procStatus(indexer.pid as number, "VmHWM"));
    const chunks = Number(
      (
        await db
          .selectFrom("chunks")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `indexer: ${chunks} chunks in ${((performance.now() - indexStart) / 1000).toFixed(1)} s, peak RSS ${mb(indexerPeak)}`,
    );
    indexer.kill("SIGTERM");
    await exited(indexer);
  }

  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const gateway = spawn(process.execPath, [GATEWAY], {
    // Every client may be on a card at once: the bench measures the gateway under them all.
    env: {
      ...base,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_OPTIONS: gatewayNodeOptions,
      CARD_CONCURRENCY_PER_KEY: String(Math.max(1, clients)),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(gateway);
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${origin}/health/ready`)).ok, "gateway start", 30_000);
  const { key } = await createApiKey(db, { name: "bench", limitPerMinute: 1_000_000 });
  const maximum = await db.selectFrom("tenders").select("id").where("external_id", "like", "max-%").execute();
  const cards = [...maximum.map((r) => r.id), ...oversized.chain, oversized.awardNoticeId];
  const procedures = [oversized.procedureId, oversized.largeProcedureId];
  const pid = gateway.pid as number;
  const idle = procStatus(pid, "VmRSS");

  const stats = {
    search: { n: 0, max: 0 },
    ask: { n: 0, max: 0 },
    card: { n: 0, max: 0 },
    procedure: { n: 0, max: 0 },
  };
  const turns = { search: 0, ask: 0, card: 0, procedure: 0 };
  const failures: string[] = [];
  let sampledPeak = idle;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatus(pid, "VmRSS"));
  }, 200);
  const end = Date.now() + seconds * 1000;
  const headers = { "x-api-key": key, "content-type": "application/json" };
  const request = (kind: Kind): Promise<Response> => {
    // Each kind walks its own list in turn (n alone would alias with the number of kinds).
    const turn = turns[kind]++;
    if (kind === "card") return fetch(`${origin}/api/v1/tenders/${cards[turn % cards.length]}`, { headers });
    if (kind === "procedure")
      return fetch(`${origin}/api/v1/procedures/${procedures[turn % procedures.length]}`, { headers });
    const body = JSON.stringify({ query: "道路 road", limit: kind === "search" ? 10 : 5 });
    return fetch(`${origin}/api/v1/${kind}`, { method: "POST", headers, body });
  };
  // One more client: the liveness probe, every 100 ms, keeping each answer's time.
  const liveMs: number[] = [];
  let liveFailures = 0;
  const probe = (async () => {
    while (Date.now() < end) {
      const started = performance.now();
      const live = await fetch(`${origin}/health/live`).catch(() => null);
      if (!live?.ok) liveFailures += 1;
      await live?.arrayBuffer();
      liveMs.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let n = c; Date.now() < end; n += clients) {
        const kind = kinds[n % kinds.length] as Kind;
        const response = await request(kind);
        const bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok) failures.push(`${kind} ${response.status}`);
        stats[kind].n += 1;
        stats[kind].max = Math.max(stats[kind].max, bytes);
      }
    }),
  );
  await probe;
  clearInterval(sampler);
  const alive = gateway.exitCode === null && gateway.signalCode === null;
  const peak = Math.max(sampledPeak, procStatus(pid, "VmHWM"));
  console.log(
    `gateway (NODE_OPTIONS "${gatewayNodeOptions}"), ${clients} clients for ${seconds} s: RSS idle ${mb(idle)}, peak ${mb(peak)} ` +
      `(load average after: ${loadavg()[0]?.toFixed(2)})`,
  );
  for (const [kind, s] of Object.entries(stats)) {
    if (kinds.includes(kind as Kind)) console.log(`  ${kind}: ${s.n} answers, largest ${s.max} bytes`);
  }
  const sorted = liveMs.sort((a, b) => a - b);
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(0);
  console.log(
    `  /health/live: ${sorted.length} answers, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${at(1)} ms, ${liveFailures} failed; ` +
      `gateway ${alive ? "still running" : `exited (${gateway.exitCode ?? gateway.signalCode})`}`,
  );
  if (failures.length > 0) console.log(`  failures: ${failures.length} (first: ${failures[0]})`);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map(exited));
  const bus = await connectBus({ servers: natsUrl, name: "bench-gateway" }).catch(() => null);
  for (const stream of [names.stream, names.dlqStream]) await bus?.jsm.streams.delete(stream).catch(() => {});
  await bus?.close();
  await drop();
  await rm(dir, { recursive: true, force: true });
}
