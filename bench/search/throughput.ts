// Throughput of Search on a small corpus (1,000 chunks) through HTTP, next to a bare
// GET /health/live, with autocannon against the built gateway in its own process.
// Usage (after `pnpm build`): node bench/search/throughput.ts [seconds, default 10] [connections, default 10]
import { loadavg } from "node:os";
import type { AutocannonResult } from "./bench-lib.js";

const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const { url, key } = await lib.prepareBenchDatabase(adminUrl, 1_000, console.log);
const gateway = await lib.startGateway({ DATABASE_URL: url, LOG_LEVEL: "info", MIN_RELEVANCE_SCORE: "-1" });
try {
  console.log(`load average before: ${load()}`);
  // Gateway CPU per answered request: unlike req/s, it hardly moves when other processes take the cores.
  const cpuPerRequest = async (run: () => Promise<AutocannonResult>) => {
    const before = gateway.cpuSeconds();
    const result = await run();
    return { result, cpuMs: ((gateway.cpuSeconds() - before) * 1000) / result.requests.total };
  };
  const { result: live, cpuMs: liveCpu } = await cpuPerRequest(() =>
    lib.autocannon({ url: `${gateway.url}/health/live`, connections, duration }),
  );
  const { result: search, cpuMs: searchCpu } = await cpuPerRequest(() =>
    lib.autocannon({
      url: `${gateway.url}/api/v1/search`,
      connections,
      duration,
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ query: "road repair works in the city centre", limit: 10 }),
    }),
  );
  for (const [name, result] of [
    ["GET /health/live", live],
    ["POST /api/v1/search", search],
  ] as const) {
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  console.log(
    `\n| endpoint (1,000 chunks, ${connections} connections, ${duration} s) | req/s (mean) | latency p50 / p99 (ms) | gateway CPU per request (ms) |`,
  );
  console.log("|---|---:|---:|---:|");
  console.log(
    `| GET /health/live | ${live.requests.mean.toFixed(0)} | ${live.latency.p50} / ${live.latency.p99} | ${liveCpu.toFixed(3)} |`,
  );
  console.log(
    `| POST /api/v1/search | ${search.requests.mean.toFixed(0)} | ${search.latency.p50} / ${search.latency.p99} | ${searchCpu.toFixed(3)} |`,
  );
  console.log(
    `\nSearch ÷ live: ${(search.requests.mean / live.requests.mean).toFixed(3)}; load average after: ${load()}`,
  );
} finally {
  await gateway.stop();
}
