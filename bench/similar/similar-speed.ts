// Speed of similar past contracts at the scale (issue 35): N generated notices and M
// awards (the organisations benchmark's data; the notices with an award are result notices),
// one metadata chunk per notice with a 1,024-dimension vector (similar-bench-data.ts), in a
// scratch database. Then, for tenders of kind `competition` drawn at random:
// - recall: the top 10 (and the summary's 100) of `listSimilarAwardNotices` (candidates: CPV
//   class and the HNSW text neighbours) against the exact ranking over every award notice
//   (`exhaustive`), and the time of each;
// - interleaved A B A B with the bare exact vector scan over the award notices' chunks (B): a
//   page of 10 similar contracts as the route builds it (`similarPage`), the summary
//   (`similarSummaryAnswer`: 100 notices, the buyer's history, their awards) and "competes with"
//   (`listCompetitors`) of suppliers with an award drawn at random.
// p50 / p95 (p25–p75) of each; the load average before each part.
// Usage (after `pnpm build`):
//   node bench/similar/similar-speed.ts [notices, default 1000000] [awards, default 300000] [runs, default 30]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
// SIMILAR_BENCH_URL=<database url> measures a database a previous run kept (SIMILAR_BENCH_KEEP=1:
// the generated database is kept and its url printed): generating a million notices takes minutes.
import { loadavg } from "node:os";
import {
  createDb,
  findSimilarSource,
  listCompetitors,
  listSimilarAwardNotices,
  searchSettings,
} from "../../packages/db/dist/index.js";
import { similarInputOf } from "../../services/gateway/dist/similar/similar-input.js";
import { similarPage } from "../../services/gateway/dist/similar/similar-page.js";
import { similarSummaryAnswer } from "../../services/gateway/dist/similar/similar-summary-answer.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(
  `../organisations/organisations-bench-lib${".ts"}`
)) as typeof import("../organisations/organisations-bench-lib.js");
const data = (await import(`./similar-bench-data${".ts"}`)) as typeof import("./similar-bench-data.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const notices = Number(process.argv[2] ?? 1_000_000);
const awards = Number(process.argv[3] ?? 300_000);
const runs = Number(process.argv[4] ?? 30);
const reuse = process.env.SIMILAR_BENCH_URL;
const keep = process.env.SIMILAR_BENCH_KEEP === "1";
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const log = (line: string) => console.log(line);
const MIN_TEXT_SCORE = 0.2;

const { db, url, drop } = reuse
  ? { db: createDb(reuse, { max: 4 }), url: reuse, drop: async () => {} }
  : await scratch.createScratchDatabase(adminUrl, "tender_bench_similar_speed");
const client = await lib.connect(url);
// The gateway's pools run every statement under Search's planner settings (no JIT: compiling
// these plans took 3 s at a million notices), and so do the measured queries and the bare scan.
const settings0 = searchSettings(0);
const measured = createDb(url, { max: 4, sessionSettings: settings0 });
for (const [name, value] of Object.entries(settings0)) await client.query(`SET ${name} = '${value}'`);
try {
  if (!reuse) {
    log(`== generating ${notices} notices, ${awards} awards (load average before: ${load()})`);
    await data.generateSimilarData(db, notices, awards, log);
    if (keep) log(`  kept: SIMILAR_BENCH_URL=${url}`);
  }
  const { rows: counts } = await client.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM tenders) AS notices,
           (SELECT count(*) FROM tenders WHERE kind = 'result') AS results,
           (SELECT count(*) FROM awards) AS awards, (SELECT count(*) FROM chunks) AS chunks`);
  const c = counts[0] ?? {};
  log(
    `== ${c.notices} notices, ${c.results} result notices, ${c.awards} awards, ${c.chunks} chunks; ${runs} runs a case (load average: ${load()})`,
  );

  const { rows: drawn } = await client.query<{ id: string }>(
    `SELECT t.id FROM tenders AS t WHERE t.kind = 'competition' ORDER BY md5(t.id::text) LIMIT $1`,
    [runs],
  );
  const now = new Date();
  const similarSettings = { model: data.MODEL, minTextScore: MIN_TEXT_SCORE, now };
  const tenders = await Promise.all(
    drawn.map(async (r) => {
      const tender = await findSimilarSource(db, r.id, data.MODEL);
      if (!tender) throw new Error(`tender ${r.id} vanished`);
      return tender;
    }),
  );
  const inputs = tenders.map((tender) => similarInputOf(tender, similarSettings));

  log(`\n== Recall of the candidates against every award notice scored (load average before: ${load()})`);
  const recall: Record<10 | 100, [number, number]> = { 10: [0, 0], 100: [0, 0] };
  const [fast, exact]: [number[], number[]] = [[], []];
  for (const input of inputs) {
    for (const limit of [10, 100] as const) {
      let started = performance.now();
      const found = await listSimilarAwardNotices(measured, { ...input, limit });
      if (limit === 10) fast.push(performance.now() - started);
      started = performance.now();
      const reference = await listSimilarAwardNotices(measured, { ...input, limit, exhaustive: true });
      if (limit === 10) exact.push(performance.now() - started);
      const ids = new Set(found.map((r) => r.id));
      recall[limit][0] += reference.filter((r) => ids.has(r.id)).length;
      recall[limit][1] += reference.length;
    }
  }
  const ratio = ([hit, all]: [number, number]) => (all === 0 ? "-" : (hit / all).toFixed(3));
  log(
    `  recall@10 ${ratio(recall[10])} (${recall[10][0]} of ${recall[10][1]}), recall@100 ${ratio(recall[100])} (${recall[100][0]} of ${recall[100][1]})`,
  );
  log(
    `  top 10: candidates ${lib.describe(fast)} ms, every award notice scored ${lib.describe(exact)} ms (p50 / p95 (p25–p75))`,
  );

  const bare = (run: number) =>
    client.query(
      `SELECT c.tender_id, c.embedding <=> q.embedding AS d
       FROM chunks AS c JOIN tenders AS r ON r.id = c.tender_id,
            (SELECT embedding FROM chunks WHERE tender_id = $1 AND attachment_id IS NULL LIMIT 1) AS q
       WHERE r.kind = 'result' AND c.attachment_id IS NULL
       ORDER BY d LIMIT 11`,
      [tenders[run % tenders.length]?.id],
    );
  const { rows: suppliers } = await client.query<{ id: string }>(
    `SELECT id FROM (SELECT DISTINCT organisation_id AS id FROM award_winners WHERE organisation_id IS NOT NULL) AS s
     ORDER BY md5(id::text) LIMIT $1`,
    [runs],
  );
  const cases: Array<[string, (run: number) => Promise<unknown>]> = [
    [
      "/similar (page of 10)",
      (run) =>
        similarPage(
          measured,
          inputs[run % inputs.length] as (typeof inputs)[number],
          { limit: 10, secret: "bench", scope: "bench" },
          "none",
        ),
    ],
    [
      "/similar/summary",
      (run) =>
        similarSummaryAnswer(measured, tenders[run % tenders.length] as (typeof tenders)[number], {
          ...similarSettings,
          filters: {},
          lang: "eng",
        }),
    ],
    ["competes with", (run) => listCompetitors(measured, suppliers[run % suppliers.length]?.id as string)],
  ];
  log("\n== Interleaved with the bare exact scan of the award notices' chunks (B)");
  log("| case | A p50 / p95 (p25–p75) ms | B p50 / p95 (p25–p75) ms | load average before |");
  log("|---|---:|---:|---|");
  for (const [name, task] of cases) {
    const before = load();
    const [a, b] = await lib.interleaved(runs, task, bare);
    log(`| ${name} | ${lib.describe(a)} | ${lib.describe(b)} | ${before} |`);
  }
  const plan = await client.query<{ "QUERY PLAN": string }>(
    `EXPLAIN SELECT c.tender_id FROM chunks AS c JOIN tenders AS r ON r.id = c.tender_id
     WHERE r.kind = 'result' AND c.attachment_id IS NULL ORDER BY c.embedding <=> $1::vector LIMIT 11`,
    [`[${Array(1024).fill(0.5).join(",")}]`],
  );
  log(
    `\nbare scan plan: ${plan.rows
      .map((r) => r["QUERY PLAN"].trim())
      .join(" / ")
      .slice(0, 300)}`,
  );
  log(`load average after: ${load()}`);
} finally {
  await client.end();
  await measured.destroy();
  if (keep || reuse) {
    await db.destroy();
    process.exit(0);
  }
  await drop();
}
