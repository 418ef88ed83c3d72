// Hybrid against vector Search at one corpus size, interleaved in one run so that any load hits
// both alike (issue 34's bar: hybrid p50 ≤ 1.3 × vector p50 at 100,000 chunks). Both are the
// repositories the gateway calls (`searchChunks`, `hybridSearchChunks`), limit 10, on one pool
// opened with `searchSettings(0)` as the gateway opens its own; each round sends every query to
// both, in alternating order, and the times are printed per query as well. The corpus is
// bench-lib's: random vectors, every chunk the same few words ("road repair, school catering,
// harbour dredging"). The queries name other words, CPV concepts and a notice number, as people
// type them, except the phrase: every chunk holds it and its exclusion, the worst case of
// a phrase with an exclusion (every chunk is a candidate that the exclusion then drops).
// Usage (after `pnpm build`): node bench/search/hybrid.ts [size, default 100000] [rounds, default 20]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { fakeEmbed } from "../../packages/ai/dist/index.js";
import { createDb, hybridSearchChunks, searchChunks, searchSettings } from "../../packages/db/dist/index.js";

const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const size = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 20);
const QUERIES = [
  "road repair works in the city centre",
  "Computer equipment and supplies",
  '"school catering" -harbour',
  "000123-2024",
  "Reinigung von Gebäuden",
];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

console.log(
  `hybrid vs vector Search, ${size} chunks, ${rounds} rounds of ${QUERIES.length} queries (load average before: ${load()})`,
);
const { url } = await lib.prepareBenchDatabase(adminUrl, size, console.log);
const db = createDb(url, { max: 4, sessionSettings: searchSettings(0) });
const base = { model: lib.BENCH_MODEL, minScore: 0.2, limit: 10, settingsOnConnection: true };
const times = { vector: [] as number[], hybrid: [] as number[] };
// The same times by query, so that a slow query shape shows by itself.
const byQuery = new Map(QUERIES.map((q) => [q, { vector: [] as number[], hybrid: [] as number[] }]));
const run = async (mode: "vector" | "hybrid", query: string) => {
  const embedding = fakeEmbed(query) as number[];
  const started = performance.now();
  if (mode === "vector") await searchChunks(db, { ...base, embedding });
  else await hybridSearchChunks(db, { ...base, embedding, query });
  return performance.now() - started;
};
for (const query of QUERIES) for (const mode of ["vector", "hybrid"] as const) await run(mode, query);
for (let round = 0; round < rounds; round++) {
  for (const query of QUERIES) {
    const order = round % 2 === 0 ? (["vector", "hybrid"] as const) : (["hybrid", "vector"] as const);
    for (const mode of order) {
      const took = await run(mode, query);
      times[mode].push(took);
      byQuery.get(query)?.[mode].push(took);
    }
  }
}
const p = (values: number[], q: number) => lib.ms(lib.percentile(values, q));
for (const mode of ["vector", "hybrid"] as const)
  console.log(
    `${mode.padEnd(7)} p50 ${p(times[mode], 50)} ms  p95 ${p(times[mode], 95)} ms  (${times[mode].length} searches)`,
  );
for (const [query, t] of byQuery)
  console.log(
    `  ${JSON.stringify(query).padEnd(40)} vector p50 ${p(t.vector, 50)} p95 ${p(t.vector, 95)}  hybrid p50 ${p(t.hybrid, 50)} p95 ${p(t.hybrid, 95)} ms`,
  );
console.log(
  `hybrid p50 / vector p50: ${(lib.percentile(times.hybrid, 50) / lib.percentile(times.vector, 50)).toFixed(2)} (load average after: ${load()})`,
);
await db.destroy();
