// Search latency at several corpus sizes: through HTTP (the built gateway as its own process,
// fake AI provider), the same SQL alone, and a plain float32 scan of the same vectors in C.
// Usage (after `pnpm build`): node bench/search/latency.ts [sizes, default 10000,100000] [runs, default 30]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { fakeEmbed } from "../../packages/ai/dist/index.js";
import { createDb, searchChunks } from "../../packages/db/dist/index.js";

const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const sizes = (process.argv[2] ?? "10000,100000").split(",").map(Number);
const runs = Number(process.argv[3] ?? 30);
const QUERY = "road repair works in the city centre";
const embedding = fakeEmbed(QUERY) as number[];
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const scanBinary = "/tmp/tender-bench-scan";
await lib.compileScan(scanBinary);

interface Row {
  size: number;
  http: { p50: number; p95: number };
  sql: { p50: number; p95: number };
  scan: { p50: number; p95: number };
  plan: string;
  load: string;
}
const rows: Row[] = [];

for (const size of sizes) {
  log(`\n== ${size} chunks (load average before: ${load()})`);
  const { url, key } = await lib.prepareBenchDatabase(adminUrl, size, log);

  const db = createDb(url, { max: 1 });
  const searchSql = () => searchChunks(db, { embedding, model: lib.BENCH_MODEL, minScore: -1, limit: 10 });
  const sqlTiming = await lib.time(searchSql, runs);
  const sqlTop = (await searchSql()).map((m) => m.chunk_id);
  await db.destroy();
  log(`  SQL alone: p50 ${lib.ms(sqlTiming.p50)} ms, p95 ${lib.ms(sqlTiming.p95)} ms`);

  const plan = await lib.withClient(url, async (client) => {
    const { rows: lines } = await client.query<{ "QUERY PLAN": string }>(
      "EXPLAIN (ANALYZE, BUFFERS) SELECT id, embedding <=> $1::vector AS distance FROM chunks ORDER BY distance, id LIMIT 10",
      [`[${embedding.join(",")}]`],
    );
    return lines.map((l) => l["QUERY PLAN"]);
  });
  const summary = plan.filter((l) =>
    /Workers (Planned|Launched)|JIT:|Execution Time|Parallel Seq Scan/.test(l),
  );
  for (const line of summary) log(`  plan: ${line.trim()}`);

  const gateway = await lib.startGateway({ DATABASE_URL: url, MIN_RELEVANCE_SCORE: "-1", LOG_LEVEL: "info" });
  const search = async () => {
    const response = await fetch(`${gateway.url}/api/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ query: QUERY, limit: 10 }),
    });
    const body = (await response.json()) as { items: unknown[] };
    if (response.status !== 200 || body.items.length !== 10)
      throw new Error(`search answered ${response.status}`);
  };
  const httpTiming = await lib.time(search, runs);
  await gateway.stop();
  log(`  HTTP Search: p50 ${lib.ms(httpTiming.p50)} ms, p95 ${lib.ms(httpTiming.p95)} ms`);

  const vectorsPath = `/tmp/tender-bench-${size}.f32`;
  const ids = await lib.exportVectors(url, vectorsPath);
  const scan = await lib.runScan(scanBinary, vectorsPath, embedding, "/tmp/tender-bench-query.f32", runs);
  const scanTop = scan.top.map((i) => ids[i]);
  const sameTop = JSON.stringify(scanTop) === JSON.stringify(sqlTop);
  log(`  C scan: p50 ${lib.ms(scan.p50)} ms, p95 ${lib.ms(scan.p95)} ms; same top 10 as SQL: ${sameTop}`);

  rows.push({
    size,
    http: httpTiming,
    sql: sqlTiming,
    scan,
    plan: summary.map((l) => l.trim()).join("; "),
    load: load(),
  });
}

console.log(
  "\n| chunks | HTTP p50 / p95 (ms) | SQL p50 / p95 (ms) | C scan p50 / p95 (ms) | HTTP ÷ C | SQL ÷ C | load avg after |",
);
console.log("|---:|---:|---:|---:|---:|---:|---|");
for (const r of rows) {
  console.log(
    `| ${r.size.toLocaleString("en")} | ${lib.ms(r.http.p50)} / ${lib.ms(r.http.p95)} | ${lib.ms(r.sql.p50)} / ${lib.ms(r.sql.p95)} | ${lib.ms(r.scan.p50)} / ${lib.ms(r.scan.p95)} | ${(r.http.p50 / r.scan.p50).toFixed(1)}× | ${(r.sql.p50 / r.scan.p50).toFixed(1)}× | ${r.load} |`,
  );
}
