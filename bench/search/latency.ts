// Search latency at several corpus sizes, interleaved so that any load hits every variant alike:
// each round runs the C scan (a plain float32 scan of the same vectors, one core), the former
// `vector` PLAIN scan (side table bench_plain, the layout of migration 0001), the compact scan
// serial and parallel (`searchChunks` on pools opened with `searchSettings`, as the gateway opens
// its own), and HTTP Search serial and parallel (two built gateways as their own processes, fake
// AI provider, SEARCH_PARALLEL_WORKERS 0 and PARALLEL_WORKERS). Prints the load average before
// and after, the memory each layout needs, and a ratio to the C scan only when the C scan's
// p95/p50 stays within 1.3.
// Usage (after `pnpm build`): node bench/search/latency.ts [sizes, default 10000,100000] [runs, default 30]
// PARALLEL_WORKERS (default 1: the leader and one worker fill two cores) sets the parallel variants.
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
// RESTART_CMD, when set, is run before each size (e.g. `bench/search/private-postgres.sh restart 4GB`
// with PG_OPTS naming pg_prewarm): the first rounds after it are reported as cold, then warm.
import { execSync } from "node:child_process";
import { loadavg } from "node:os";
import { fakeEmbed } from "../../packages/ai/dist/index.js";
import { createDb, searchChunks, searchSettings, vectorParam } from "../../packages/db/dist/index.js";

const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const sizes = (process.argv[2] ?? "10000,100000").split(",").map(Number);
const runs = Number(process.argv[3] ?? 30);
const restart = process.env.RESTART_CMD;
const QUERY = "road repair works in the city centre";
const embedding = fakeEmbed(QUERY) as number[];
const MAX_SPREAD = 1.3;
const WORKERS = Number(process.env.PARALLEL_WORKERS ?? 1);
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

// Per process: other benchmarks may compile their own scan.c into /tmp meanwhile.
const scanBinary = `/tmp/tender-bench-scan-${process.pid}`;
await lib.compileScan(scanBinary);

const VARIANTS = [
  "C scan",
  "vector PLAIN (former)",
  "compact, serial",
  "compact, parallel",
  "HTTP Search",
  "HTTP Search, parallel",
] as const;
type Variant = (typeof VARIANTS)[number];
type Timings = Record<Variant, number[]>;

/** The former layout: every vector inline, one chunk per 8 KiB page (built once from `chunks`). */
async function ensurePlainTable(client: import("./bench-lib.js").PgClient): Promise<void> {
  const { rows } = await client.query<{ plain: number | null; total: number }>(
    `SELECT (SELECT reltuples::int FROM pg_class WHERE relname = 'bench_plain') AS plain,
            (SELECT count(*)::int FROM chunks) AS total`,
  );
  if (rows[0]?.plain === rows[0]?.total) return;
  log("  building bench_plain (vector PLAIN, as migration 0001 stored it)");
  await client.query("DROP TABLE IF EXISTS bench_plain");
  await client.query("CREATE TABLE bench_plain (id uuid PRIMARY KEY, embedding vector(1024) NOT NULL)");
  await client.query("ALTER TABLE bench_plain ALTER COLUMN embedding SET STORAGE PLAIN");
  await client.query("INSERT INTO bench_plain SELECT id, embedding FROM chunks");
  await client.query("VACUUM ANALYZE bench_plain");
}

// The former searchChunks statement, over the former layout.
const PLAIN_SQL = `
  SELECT top.id, c.content, t.title, 1 - top.distance AS score
  FROM (SELECT id, embedding <=> $1::vector AS distance FROM bench_plain ORDER BY distance, id LIMIT 10) AS top
  JOIN chunks AS c ON c.id = top.id JOIN tenders AS t ON t.id = c.tender_id
  ORDER BY top.distance, top.id`;

const stats = (values: number[]) => ({ p50: lib.percentile(values, 50), p95: lib.percentile(values, 95) });
const summary: string[] = [];
const memory: string[] = [];

for (const size of sizes) {
  log(`\n== ${size.toLocaleString("en")} chunks`);
  const { url, key } = await lib.prepareBenchDatabase(adminUrl, size, log);
  await lib.withClient(url, ensurePlainTable);
  const vectorsPath = `/tmp/tender-bench-compact-${size}.f32`;
  const ids = await lib.exportVectors(url, vectorsPath);

  memory.push(
    await lib.withClient(url, async (client) => {
      const { rows } = await client.query<Record<string, string>>(
        `SELECT pg_relation_size('chunks') AS main, pg_relation_size(c.reltoastrelid) AS toast,
                pg_table_size('chunks') AS chunks_table, pg_relation_size('bench_plain') AS plain,
                current_setting('shared_buffers') AS buffers
         FROM pg_class AS c WHERE c.relname = 'chunks'`,
      );
      const m = rows[0] as Record<string, string>;
      return `| ${size.toLocaleString("en")} | ${mb(Number(m.plain))} | ${mb(Number(m.main))} | ${mb(Number(m.toast))} | ${mb(Number(m.chunks_table))} | ${m.buffers} |`;
    }),
  );

  // What an operator does once (autoprewarm keeps it across restarts): load the compact table
  // into shared_buffers, after the former one so that the compact one stays when both do not
  // fit. A sequential scan of a table over a quarter of shared_buffers reads through a small
  // ring and never loads it.
  await lib.withClient(url, async (client) => {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_prewarm");
    await client.query("SELECT pg_prewarm('bench_plain'), pg_prewarm('chunks')");
  });
  if (restart) {
    log(`  restarting PostgreSQL: ${restart}`);
    execSync(restart, { stdio: "ignore" });
    // autoprewarm loads the saved buffer list in a background worker: wait until it is done.
    await lib.withClient(adminUrl, async (client) => {
      for (;;) {
        const { rows } = await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autoprewarm worker'",
        );
        if (rows[0]?.n === 0) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    });
  }

  const serialDb = createDb(url, { max: 1, sessionSettings: searchSettings(0) });
  const parallelDb = createDb(url, { max: 1, sessionSettings: searchSettings(WORKERS) });
  const scan = await lib.startScan(
    scanBinary,
    vectorsPath,
    embedding,
    `/tmp/tender-bench-compact-query-${size}.f32`,
  );
  const gatewayEnv = { DATABASE_URL: url, MIN_RELEVANCE_SCORE: "-1", LOG_LEVEL: "info" };
  const gateway = await lib.startGateway(gatewayEnv);
  const parallelGateway = await lib.startGateway({ ...gatewayEnv, SEARCH_PARALLEL_WORKERS: String(WORKERS) });
  const compact = (parallelWorkers: number) =>
    searchChunks(parallelWorkers ? parallelDb : serialDb, {
      embedding,
      model: lib.BENCH_MODEL,
      minScore: -1,
      limit: 10,
      parallelWorkers,
      settingsOnConnection: true,
    });
  const search = async (base: string) => {
    const response = await fetch(`${base}/api/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ query: QUERY, limit: 10 }),
    });
    const body = (await response.json()) as { items: unknown[] };
    if (response.status !== 200 || body.items.length !== 10)
      throw new Error(`search answered ${response.status}`);
  };
  const plainParam = vectorParam(embedding);
  const plainClient = new lib.pg.Client({ connectionString: url });
  await plainClient.connect();
  const run: Record<Variant, () => Promise<unknown>> = {
    "C scan": () => scan.scan(),
    "vector PLAIN (former)": () => plainClient.query(PLAIN_SQL, [plainParam]),
    "compact, serial": () => compact(0),
    "compact, parallel": () => compact(WORKERS),
    "HTTP Search": () => search(gateway.url),
    "HTTP Search, parallel": () => search(parallelGateway.url),
  };

  const phases: [string, number, number][] = restart
    ? [
        ["cold", 0, Math.min(5, runs)],
        ["warm", 3, runs],
      ]
    : [["warm", 3, runs]];
  for (const [phase, warmup, rounds] of phases) {
    const before = load();
    const timings = Object.fromEntries(VARIANTS.map((v) => [v, [] as number[]])) as Timings;
    for (let round = -warmup; round < rounds; round++) {
      for (const variant of VARIANTS) {
        const start = performance.now();
        const ms = await run[variant]();
        // The C scan times itself (no pipe round trip); the others are timed here.
        const elapsed = variant === "C scan" ? (ms as number) : performance.now() - start;
        if (round >= 0) timings[variant].push(elapsed);
      }
    }
    const after = load();
    const c = stats(timings["C scan"]);
    const spread = c.p95 / c.p50;
    const ratio = (v: Variant) =>
      spread > MAX_SPREAD ? "—" : `${(stats(timings[v]).p50 / c.p50).toFixed(1)}×`;
    log(`  ${phase}, ${rounds} rounds (load average before ${before}, after ${after}):`);
    for (const v of VARIANTS) {
      const s = stats(timings[v]);
      log(`    ${v}: p50 ${lib.ms(s.p50)} ms, p95 ${lib.ms(s.p95)} ms`);
    }
    if (spread > MAX_SPREAD)
      log(
        `    no ratio: the C scan's p95/p50 is ${spread.toFixed(2)} (> ${MAX_SPREAD}), the machine is not quiet`,
      );
    const cell = (v: Variant) => `${lib.ms(stats(timings[v]).p50)} / ${lib.ms(stats(timings[v]).p95)}`;
    summary.push(
      `| ${size.toLocaleString("en")} | ${phase} | ${VARIANTS.map(cell).join(" | ")} | ${ratio("vector PLAIN (former)")} | ${ratio("compact, parallel")} | ${ratio("HTTP Search")} | ${ratio("HTTP Search, parallel")} | ${before} → ${after} |`,
    );
  }

  // Exactness: the compact search, the former scan and the C scan agree on the top 10.
  const compactTop = (await compact(WORKERS)).map((m) => m.chunk_id);
  const plainTop = (await plainClient.query<{ id: string }>(PLAIN_SQL, [plainParam])).rows;
  const scanTop = scan.top.map((i) => ids[i]);
  log(
    `  same top 10: compact = former ${JSON.stringify(compactTop) === JSON.stringify(plainTop.map((r) => r.id))}, compact = C ${JSON.stringify(compactTop) === JSON.stringify(scanTop)}`,
  );
  scan.stop();
  await plainClient.end();
  await gateway.stop();
  await parallelGateway.stop();
  await serialDb.destroy();
  await parallelDb.destroy();
}

log(
  "\n| chunks | vector PLAIN table (former scan reads) | chunks main (compact scan reads) | chunks TOAST (full vectors, 100 read per query) | pg_table_size(chunks) | shared_buffers |",
);
log("|---:|---:|---:|---:|---:|---|");
for (const line of memory) log(line);
log(
  `\n| chunks | cache | ${VARIANTS.map((v) => `${v} p50 / p95 (ms)`).join(" | ")} | former ÷ C | compact, parallel ÷ C | HTTP ÷ C | HTTP, parallel ÷ C | load avg |`,
);
log(`|---:|---|${VARIANTS.map(() => "---:").join("|")}|---:|---:|---:|---:|---|`);
for (const line of summary) log(line);
