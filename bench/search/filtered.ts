// Filtered Search (docs/api.md#filters) against the unfiltered scan, at one corpus size: a filter
// keeping about 10 % of the tenders, one keeping about 99 %, and no filter, run interleaved
// (A, B, C, A, B, C...) through `searchChunks` from one connection, with their query plans.
// Usage (after `pnpm build`): node bench/search/filtered.ts [chunks, default 100000] [runs, default 30]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { fakeEmbed } from "../../packages/ai/dist/index.js";
import { createDb, searchChunks, searchChunksSql } from "../../packages/db/dist/index.js";

const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const size = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 30);
const embedding = fakeEmbed("road repair works in the city centre") as number[];
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const CASES = [
  { name: "no filter", filters: undefined },
  { name: "countries FR (10 %)", filters: { countries: ["FR"] } },
  { name: "countries DE or FR (99 %)", filters: { countries: ["DE", "FR"] } },
] as const;

log(`== ${size} chunks (load average before: ${load()})`);
const { url } = await lib.prepareBenchDatabase(adminUrl, size, log);
// Facets by a hash of the id: 10 % FR, 1 % IT, the rest DE; set again each run (idempotent).
await lib.withClient(url, async (client) => {
  await client.query(`
    UPDATE tenders SET countries = CASE
      WHEN abs(hashtext(id::text)) % 100 < 10 THEN '{FR}'::text[]
      WHEN abs(hashtext(id::text)) % 100 < 11 THEN '{IT}'::text[]
      ELSE '{DE}'::text[] END`);
  await client.query("VACUUM ANALYZE tenders");
  const { rows } = await client.query<{ share: string }>(
    "SELECT round(100.0 * count(*) FILTER (WHERE countries && '{FR}') / count(*), 1) AS share FROM tenders",
  );
  log(`  tenders with FR: ${rows[0]?.share} %`);
});

const db = createDb(url, { max: 1 });
const input = (filters: (typeof CASES)[number]["filters"]) => ({
  embedding,
  model: lib.BENCH_MODEL,
  minScore: -1,
  limit: 10,
  ...(filters ? { filters: { ...filters, countries: [...filters.countries] } } : {}),
});
for (const c of CASES) {
  const compiled = searchChunksSql(input(c.filters))?.compile(db);
  if (!compiled) throw new Error("the bench query has no compact form");
  const plan = await lib.withClient(url, async (client) => {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`,
      compiled.parameters as unknown[],
    );
    return rows.map((r) => r["QUERY PLAN"]);
  });
  const lines = plan.filter((l) => /Scan|Workers Launched|Execution Time|Hash|Nested Loop/.test(l));
  // searchChunksSql is the restricted scan; a filter the planner expects most tenders to match
  // is first tried as nearest-first ranking (nearestAmongMatching), whose plan this does not show.
  log(`  plan of the restricted scan, ${c.name}:`);
  for (const line of lines.slice(0, 12)) log(`    ${line.trim()}`);
}

const samples = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
for (let round = -3; round < runs; round++) {
  for (const c of CASES) {
    const start = performance.now();
    await searchChunks(db, input(c.filters));
    if (round >= 0) samples.get(c.name)?.push(performance.now() - start);
  }
}
await db.destroy();

const base = lib.percentile(samples.get(CASES[0].name) ?? [], 50);
log(`\n| case | p50 (ms) | p95 (ms) | p50 ÷ unfiltered | load avg after |`);
log("|---|---:|---:|---:|---|");
for (const c of CASES) {
  const values = samples.get(c.name) ?? [];
  const p50 = lib.percentile(values, 50);
  log(
    `| ${c.name} | ${lib.ms(p50)} | ${lib.ms(lib.percentile(values, 95))} | ${(p50 / base).toFixed(2)} | ${load()} |`,
  );
}
