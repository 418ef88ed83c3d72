// The notifier end to end (the built service, dist/main.js, default settings) with 1,000 and
// 10,000 saved searches, one in 100 with a webhook to a local receiver that checks signatures.
// Throughput: N TenderIndexedV1 events committed to the outbox at once (a relay in this process
// publishes them, as the indexer's does); tenders/s until the notifier's consumer has nothing
// pending or unacknowledged. Latency: the matches are cleared, then one event is committed every
// `gapMs`; for each webhook call, the time from its tender's event commit to the call's arrival.
// Usage (after `pnpm build`): node bench/notifier/throughput.ts [tenders, default 100] [sizes, default 1000,10000] [rounds, default 2] [gapMs, default 500]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { FAKE_MODEL } from "../../packages/ai/dist/index.js";
import { busNames, busTopology, connectBus, relayOutboxOnce } from "../../packages/bus/dist/index.js";
import { countUnpublishedOutbox, enqueueTenderIndexed } from "../../packages/db/dist/index.js";
import { startAlertReceiver } from "../../packages/demo/dist/index.js";
import { outboxStore } from "../../packages/worker/dist/index.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(`./notifier-bench-lib${".ts"}`)) as typeof import("./notifier-bench-lib.js");
const wait = (await import(`../wait-until${".ts"}`)) as typeof import("../wait-until.js");
const benchEnv = (await import(`../service-env${".ts"}`)) as typeof import("../service-env.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const natsUrl = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const tenders = Number(process.argv[2] ?? 100);
const sizes = (process.argv[3] ?? "1000,10000").split(",").map(Number);
const rounds = Number(process.argv[4] ?? 2);
const gapMs = Number(process.argv[5] ?? 500);
const MAIN = new URL("../../services/notifier/dist/main.js", import.meta.url).pathname;
const TIME_LIMIT_MS = 10 * 60_000;
const SECRET = "whsec_bench";
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(size: number) {
  const { url, db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_notifier");
  const prefix = `bn${randomBytes(4).toString("hex")}`;
  const topology = busTopology({ names: busNames(prefix) });
  const { names } = topology;
  const key = randomBytes(32);
  const arrivals = new Map<string, number[]>();
  const receiver = await startAlertReceiver(({ body, signed }) => {
    if (!signed) throw new Error("a webhook call with a bad signature");
    const tenderId = (body as { tender: { id: string } }).tender.id;
    arrivals.set(tenderId, [...(arrivals.get(tenderId) ?? []), Date.now()]);
  });
  receiver.trust(SECRET);
  const bus = await connectBus({ servers: natsUrl, name: "bench-notifier" });
  let child: ChildProcess | undefined;
  let relaying = true;
  let relay: Promise<void> = Promise.resolve();
  try {
    const seeded = await lib.seedIndexedTenders(db, tenders);
    await lib.replaceSavedSearches(db, size, {
      webhooks: { every: 100, url: receiver.url, secret: SECRET, key },
    });
    child = spawn(process.execPath, [MAIN], {
      env: {
        ...benchEnv.benchServiceEnv({ databaseUrl: url, natsUrl, busPrefix: prefix }),
        WEBHOOK_SECRET_KEY: key.toString("base64"),
        WEBHOOK_ALLOW_HTTP: "true",
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    // Ready once its consumer exists (the service creates the topology at start).
    await wait.waitUntil(
      () => wait.consumerExists(bus.jsm, names.stream, names.consumers.notifier),
      "started (the notifier's consumer)",
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const count = async (table: "saved_search_matches" | "webhook_deliveries") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The TenderIndexedV1 the indexer writes when it has indexed the tender.
    const announce = (to: typeof db, t: { id: string; contentHash: string }) =>
      enqueueTenderIndexed(to, {
        tenderId: t.id,
        contentHash: t.contentHash,
        embeddingModel: FAKE_MODEL,
        subject: names.indexedSubject,
      });
    const outbox = outboxStore(db);
    relay = (async () => {
      while (relaying) {
        const n = await relayOutboxOnce({ outbox, js: bus.js, logger: silent, batchSize: 100 });
        if (n === 0) await sleep(10);
      }
    })();
    const drained = () =>
      wait.waitUntil(
        async () => {
          const info = await bus.jsm.consumers.info(names.stream, names.consumers.notifier);
          const idle = info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq > 0;
          return idle && (await countUnpublishedOutbox(db)) === 0;
        },
        "every event handled",
        { timeoutMs: TIME_LIMIT_MS, intervalMs: 20 },
      );

    // Throughput: every event at once.
    const load = loadavg()
      .map((x) => x.toFixed(2))
      .join(" ");
    const t0 = performance.now();
    await db.transaction().execute(async (trx) => {
      for (const t of seeded) await announce(trx, t);
    });
    await drained();
    const seconds = (performance.now() - t0) / 1000;
    const matches = await count("saved_search_matches");

    // Latency: the same tenders again, matches cleared (after every call of the first phase), one event every gapMs.
    await wait.waitUntil(
      async () =>
        (
          await db
            .selectFrom("webhook_deliveries")
            .select("id")
            .where("status", "=", "pending")
            .limit(1)
            .execute()
        ).length === 0,
      "every webhook call of the first phase made",
      { timeoutMs: TIME_LIMIT_MS },
    );
    await db.deleteFrom("saved_search_matches").execute();
    arrivals.clear();
    const committed = new Map<string, number>();
    for (const t of seeded) {
      await announce(db, t);
      committed.set(t.id, Date.now());
      await sleep(gapMs);
    }
    await drained();
    const deliveries = await count("webhook_deliveries");
    await wait.waitUntil(
      () => [...arrivals.values()].reduce((n, a) => n + a.length, 0) >= deliveries,
      `all ${deliveries} webhook calls arrived`,
      { timeoutMs: TIME_LIMIT_MS },
    );
    const latencies = [...arrivals.entries()]
      .flatMap(([tenderId, times]) => times.map((at) => at - (committed.get(tenderId) ?? at)))
      .sort((a, b) => a - b);
    return { load, seconds, matches, deliveries, latencies };
  } finally {
    relaying = false;
    await relay.catch(() => {});
    if (child) {
      child.kill("SIGTERM");
      await new Promise((r) => (child?.exitCode !== null ? r(null) : child.once("exit", r)));
    }
    for (const stream of [names.stream, names.dlqStream])
      await bus.jsm.streams.delete(stream).catch(() => {});
    await bus.close();
    await receiver.close();
    await drop();
  }
}

console.log(
  `${tenders} tenders × ${lib.CHUNKS_PER_TENDER} chunks, min_score ${lib.MIN_SCORE}, one saved search in 100 with a webhook; latency events ${gapMs} ms apart`,
);
console.log(
  "| saved searches | round | tenders/s (all at once) | matches | webhook calls (latency phase) | latency p50 | latency p95 | load average before |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (let round = 1; round <= rounds; round++) {
  for (const size of sizes) {
    const r = await run(size);
    console.log(
      `| ${size.toLocaleString("en")} | ${round} | ${(tenders / r.seconds).toFixed(1)} | ${r.matches} | ${r.deliveries} | ${percentile(r.latencies, 50)} ms | ${percentile(r.latencies, 95)} ms | ${r.load} |`,
    );
  }
}
