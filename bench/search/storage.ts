// What storage choices cost for the exact Search scan (docs/benchmarks.md: TOAST, PLAIN, halfvec,
// parallel scan, JIT), on the corpus prepared by latency.ts. Side tables are built from
// `chunks` once (kept between runs); the schema of the service is not touched.
// Usage (after `pnpm build` and latency.ts for that size): node bench/search/storage.ts [size, default 100000] [runs, default 15]
import { loadavg } from "node:os";
import { fakeEmbed } from "../../packages/ai/dist/index.js";

const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");
type Client = import("./bench-lib.js").PgClient;

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const size = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 15);
const url = lib.withDatabase(adminUrl, `tender_bench_search_${size}`);
const LIMIT = 10;
const QUERIES = [
  "road repair works in the city centre",
  "school catering services for three years",
  "harbour dredging and sediment disposal",
  "supply of office furniture",
  "winter road gritting and snow clearing",
  "software licences and maintenance support",
  "construction of a new primary school building",
  "waste collection and recycling services",
];
const literal = (v: readonly number[]) => `[${v.join(",")}]`;

async function ensureSideTables(client: Client): Promise<void> {
  const { rows } = await client.query("SELECT 1 FROM pg_class WHERE relname = 'bench_hybrid'");
  if (rows.length > 0) return;
  console.log("building side tables (once)");
  // Default (EXTENDED) storage: each vector goes to the TOAST table.
  await client.query("CREATE TABLE bench_toast (id uuid PRIMARY KEY, embedding vector(1024) NOT NULL)");
  await client.query("INSERT INTO bench_toast SELECT id, embedding FROM chunks");
  // halfvec kept inline: 2 KiB per vector, three rows per page.
  await client.query("CREATE TABLE bench_halfvec (id uuid PRIMARY KEY, embedding halfvec(1024) NOT NULL)");
  await client.query("ALTER TABLE bench_halfvec ALTER COLUMN embedding SET STORAGE PLAIN");
  await client.query("INSERT INTO bench_halfvec SELECT id, embedding::halfvec(1024) FROM chunks");
  // Both: the exact vector out of line (EXTERNAL, uncompressed), its halfvec inline (PLAIN).
  await client.query(
    "CREATE TABLE bench_hybrid (id uuid PRIMARY KEY, embedding vector(1024) NOT NULL, embedding_half halfvec(1024) NOT NULL)",
  );
  await client.query("ALTER TABLE bench_hybrid ALTER COLUMN embedding SET STORAGE EXTERNAL");
  await client.query("ALTER TABLE bench_hybrid ALTER COLUMN embedding_half SET STORAGE PLAIN");
  await client.query("INSERT INTO bench_hybrid SELECT id, embedding, embedding::halfvec(1024) FROM chunks");
  for (const table of ["bench_toast", "bench_halfvec", "bench_hybrid"])
    await client.query(`VACUUM ANALYZE ${table}`);
}

const EXACT = `SELECT id::text, embedding <=> $1::vector AS distance FROM chunks ORDER BY distance, id LIMIT ${LIMIT}`;

// Halfvec rounding moves a cosine by at most ~2·2^-11 (query and chunk); 1.5e-3 leaves margin.
const HALF_ERROR = 1.5e-3;
const CANDIDATES = 64;

/** Two stages, still exact: top candidates by halfvec, re-ranked by the exact vector; proven or fallback. */
async function hybridSearch(client: Client, vector: string): Promise<{ ids: string[]; fallback: boolean }> {
  const { rows } = await client.query<{ id: string; distance: number; half_distance: number; kth: number }>(
    `WITH candidates AS MATERIALIZED (
       SELECT id, embedding_half <=> $1::halfvec(1024) AS half_distance
       FROM bench_hybrid ORDER BY half_distance, id LIMIT ${CANDIDATES}
     )
     SELECT c.id::text, h.embedding <=> $2::vector AS distance, c.half_distance,
            max(c.half_distance) OVER () AS kth
     FROM candidates AS c JOIN bench_hybrid AS h ON h.id = c.id
     ORDER BY distance, c.id LIMIT ${LIMIT}`,
    [vector, vector],
  );
  const worstKept = rows[rows.length - 1]?.distance ?? 0;
  const kth = rows[0]?.kth ?? 0;
  // Every chunk outside the candidates has half distance >= kth, so exact distance >= kth - error.
  const proven = rows.length < LIMIT || kth - HALF_ERROR > worstKept;
  if (proven) return { ids: rows.map((r) => r.id), fallback: false };
  const exact = await client.query<{ id: string }>(EXACT, [vector]);
  return { ids: exact.rows.map((r) => r.id), fallback: true };
}

await lib.withClient(url, async (client) => {
  await ensureSideTables(client);
  const { rows: sizes } = await client.query<{ relname: string; pages: string }>(
    `SELECT c.relname, pg_size_pretty(pg_total_relation_size(c.oid)) AS pages FROM pg_class c
     WHERE c.relname IN ('chunks', 'bench_toast', 'bench_halfvec', 'bench_hybrid') ORDER BY c.relname`,
  );
  console.log(`sizes: ${sizes.map((s) => `${s.relname} ${s.pages}`).join(", ")}`);
  const vectors = QUERIES.map((q) => literal(fakeEmbed(q) as number[]));
  const exactIds: string[][] = [];
  for (const v of vectors)
    exactIds.push((await client.query<{ id: string }>(EXACT, [v])).rows.map((r) => r.id));

  const variants: [string, string[], (v: string) => Promise<unknown>][] = [
    ["vector PLAIN (0001), planner default", [], (v) => client.query(EXACT, [v])],
    ["vector PLAIN, jit off", ["SET jit = off"], (v) => client.query(EXACT, [v])],
    [
      "vector PLAIN, jit off, parallel forced",
      ["SET parallel_setup_cost = 0", "SET parallel_tuple_cost = 0"],
      (v) => client.query(EXACT, [v]),
    ],
    [
      "vector PLAIN, InitPlan sub-select",
      ["RESET parallel_setup_cost", "RESET parallel_tuple_cost"],
      (v) =>
        client.query(
          `SELECT id, embedding <=> (SELECT $1::vector) AS distance FROM chunks ORDER BY distance, id LIMIT ${LIMIT}`,
          [v],
        ),
    ],
    [
      "vector EXTENDED (TOAST)",
      [],
      (v) =>
        client.query(
          `SELECT id, embedding <=> $1::vector AS d FROM bench_toast ORDER BY d, id LIMIT ${LIMIT}`,
          [v],
        ),
    ],
    [
      "halfvec PLAIN (approximate scores)",
      [],
      (v) =>
        client.query(
          `SELECT id, embedding <=> $1::halfvec(1024) AS d FROM bench_halfvec ORDER BY d, id LIMIT ${LIMIT}`,
          [v],
        ),
    ],
    ["hybrid: halfvec PLAIN + vector EXTERNAL, exact re-rank", [], (v) => hybridSearch(client, v)],
  ];
  console.log(`\n| variant (${size.toLocaleString("en")} chunks, top ${LIMIT}) | p50 (ms) | p95 (ms) |`);
  console.log("|---|---:|---:|");
  for (const [name, settings, run] of variants) {
    for (const s of settings) await client.query(s);
    let i = 0;
    const timing = await lib.time(() => run(vectors[i++ % vectors.length] as string), runs);
    console.log(`| ${name} | ${lib.ms(timing.p50)} | ${lib.ms(timing.p95)} |`);
  }

  // Exactness: does each variant return the exact top 10 (ids and order)?
  let halfDiffer = 0;
  let hybridDiffer = 0;
  let fallbacks = 0;
  for (const [i, v] of vectors.entries()) {
    const half = await client.query<{ id: string }>(
      `SELECT id::text FROM bench_halfvec ORDER BY embedding <=> $1::halfvec(1024), id LIMIT ${LIMIT}`,
      [v],
    );
    if (JSON.stringify(half.rows.map((r) => r.id)) !== JSON.stringify(exactIds[i])) halfDiffer++;
    const hybrid = await hybridSearch(client, v);
    if (JSON.stringify(hybrid.ids) !== JSON.stringify(exactIds[i])) hybridDiffer++;
    if (hybrid.fallback) fallbacks++;
  }
  console.log(
    `\nexactness over ${vectors.length} queries: halfvec top 10 differs in ${halfDiffer}; hybrid differs in ${hybridDiffer} (fallbacks ${fallbacks})`,
  );
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
});
