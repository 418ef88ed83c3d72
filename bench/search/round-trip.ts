// The floor under HTTP − SQL on this machine: one PostgreSQL round trip (`SELECT 1` on a kept
// connection) and one HTTP round trip to the built gateway (`GET /health/live`, fetch from this
// process). A Search through HTTP adds to its SQL one HTTP round trip and the key check's
// statement, besides the gateway's own work.
// Usage (after `pnpm build`): node bench/search/round-trip.ts [runs, default 500]
const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");

const runs = Number(process.argv[2] ?? 500);
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const { url } = await lib.prepareBenchDatabase(adminUrl, 1_000, console.log);
const gateway = await lib.startGateway({ DATABASE_URL: url, LOG_LEVEL: "info" });
const client = new lib.pg.Client({ connectionString: url });
await client.connect();
try {
  const sql = await lib.time(() => client.query("SELECT 1"), runs, 50);
  const http = await lib.time(() => fetch(`${gateway.url}/health/live`).then((r) => r.text()), runs, 50);
  console.log(`PostgreSQL SELECT 1: p50 ${lib.ms(sql.p50)} ms, p95 ${lib.ms(sql.p95)} ms`);
  console.log(`HTTP GET /health/live: p50 ${lib.ms(http.p50)} ms, p95 ${lib.ms(http.p95)} ms`);
} finally {
  await client.end();
  await gateway.stop();
}
