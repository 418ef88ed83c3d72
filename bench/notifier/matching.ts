// Matching throughput of the notifier's core step, `recordTenderMatches` (one statement per
// indexed tender: the saved searches its filters could match, found by index, a compact pass,
// exact scores for the rest, the matches and their webhook deliveries), against the statement it
// replaced (every saved search, full vectors: record-tender-matches-before.ts), interleaved in
// the same run. Saved searches are written the way people write them (`realisticFilters`: 80 %
// filter by country or CPV, skewed towards large countries and common divisions); the last rows
// measure what one unfiltered saved search costs per tender, since no filter narrows those.
// Each run walks the same indexed tenders, one call per tender, `concurrency` calls in flight
// (the notifier's NOTIFY_CONCURRENCY); the saved searches are replaced between sizes.
// Usage (after `pnpm build`): node bench/notifier/matching.ts [tenders, default 20]
//   [sizes, default 1000] [rounds, default 2] [concurrency, default 2] [min_score, default 0.35]
//   [chunks per tender, default 20] [tenders for "before", default min(tenders, 10)]
//   [unfiltered saved searches, default 1000] [--hybrid-share 0,0.33]
// e.g. the goal's figures: node bench/notifier/matching.ts 50 1000,10000,100000 2 2
// `--hybrid-share` (issue 34, default 0): the share of the saved searches in `mode: "hybrid"`
// (`hybridQuery`: words, phrases, CPV labels); a list runs each share in turn at every size,
// interleaved. "before" knows no hybrid saved searches, so it runs only without
// (its tenders default to 0 when a share is above 0); e.g. a third of 100,000 hybrid against none:
// node bench/notifier/matching.ts 50 100000 2 2 0.35 20 0 1000 --hybrid-share 0,0.33
// (min_score 1 leaves only the search itself: no saved search matches, nothing is written.)
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { sql } from "kysely";
import { recordTenderMatches } from "../../packages/db/dist/index.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(`./notifier-bench-lib${".ts"}`)) as typeof import("./notifier-bench-lib.js");
const before = (await import(
  `./record-tender-matches-before${".ts"}`
)) as typeof import("./record-tender-matches-before.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const flag = process.argv.indexOf("--hybrid-share");
const hybridShares = (flag < 0 ? "0" : (process.argv[flag + 1] ?? "0")).split(",").map(Number);
const args =
  flag < 0 ? process.argv.slice(2) : [...process.argv.slice(2, flag), ...process.argv.slice(flag + 2)];
const tenders = Number(args[0] ?? 20);
const sizes = (args[1] ?? "1000").split(",").map(Number);
const rounds = Number(args[2] ?? 2);
const concurrency = Number(args[3] ?? 2);
const minScore = Number(args[4] ?? lib.MIN_SCORE);
const chunks = Number(args[5] ?? 20);
const beforeTenders = Number(args[6] ?? (hybridShares.some((s) => s > 0) ? 0 : Math.min(tenders, 10)));
const unfiltered = Number(args[7] ?? 1000);

type Db = Parameters<typeof recordTenderMatches>[0];
type Match = (db: Db, input: Parameters<typeof recordTenderMatches>[1]) => Promise<{ matches: number }>;
type Tender = { id: string; contentHash: string };
const VARIANTS = (
  [
    ["before", before.recordTenderMatchesBefore, beforeTenders],
    ["after", recordTenderMatches, tenders],
  ] as [name: string, match: Match, count: number][]
).filter(([, , count]) => count > 0);

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** Runs `match` over the tenders with `concurrency` calls in flight: mean ms per tender and matches. */
async function measure(db: Db, match: Match, list: Tender[]): Promise<{ ms: number; matches: number }> {
  await sql`TRUNCATE saved_search_matches CASCADE`.execute(db);
  let next = 0;
  let matches = 0;
  const now = new Date();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < list.length; i = next++) {
        const tender = list[i] as Tender;
        // Awaited first: `matches += await …` would read `matches` before the other call adds to it.
        const result = await match(db, { tenderId: tender.id, contentHash: tender.contentHash, now });
        matches += result.matches;
      }
    }),
  );
  return { ms: ((performance.now() - t0) * concurrency) / list.length, matches };
}

/** Mean number of saved searches the filter-key index returns per tender (before the full filter check). */
async function meanLookedUp(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string | null }>`
    SELECT avg((SELECT count(*) FROM saved_searches AS ss WHERE ss.filter_keys && tender_filter_keys(
      t.id, t.cpv_prefixes, t.countries, (SELECT code FROM sources WHERE id = t.source_id), t.currency))) AS n
    FROM tenders AS t`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_notify");
try {
  const seeded = await lib.seedIndexedTenders(db, tenders, chunks);
  console.log(
    `${tenders} indexed tenders × ${chunks} chunks ("before": the first ${beforeTenders}), min_score ${minScore}, ${concurrency} call(s) in flight, interleaved runs`,
  );
  console.log(
    "| saved searches | hybrid share | round | statement | tenders/s | ms per tender (mean) | matches | looked up per tender | setup s | load average before |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const row = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);
  const unfilteredCost = new Map<string, number[]>();
  for (let round = 1; round <= rounds; round++) {
    // Alternate which statement goes first, so neither always runs on a warmer cache.
    const order = round % 2 === 1 ? VARIANTS : [...VARIANTS].reverse();
    for (const size of sizes) {
      for (const hybridShare of round % 2 === 1 ? hybridShares : [...hybridShares].reverse()) {
        const s0 = performance.now();
        await lib.replaceSavedSearches(db, size, { minScore, hybridShare });
        const setup = ((performance.now() - s0) / 1000).toFixed(0);
        const lookedUp = (await meanLookedUp(db)).toFixed(0);
        for (const [name, match, count] of order) {
          // The old statement knows no hybrid saved searches.
          if (name === "before" && hybridShare > 0) continue;
          const loadBefore = load();
          const { ms, matches } = await measure(db, match, seeded.slice(0, count));
          row([
            size.toLocaleString("en"),
            hybridShare,
            round,
            name,
            (1000 / (ms / concurrency)).toFixed(2),
            ms.toFixed(1),
            matches,
            lookedUp,
            setup,
            loadBefore,
          ]);
        }
      }
    }
    // What one unfiltered saved search costs per tender: `unfiltered` of them against none.
    const none: Record<string, number> = {};
    for (const [count, profile] of [
      [0, "unfiltered"],
      [unfiltered, "unfiltered"],
    ] as const) {
      await lib.replaceSavedSearches(db, count, { minScore, profile });
      for (const [name, match, tenderCount] of order) {
        const loadBefore = load();
        const { ms, matches } = await measure(db, match, seeded.slice(0, tenderCount));
        row([
          `${count.toLocaleString("en")} unfiltered`,
          0,
          round,
          name,
          (1000 / (ms / concurrency)).toFixed(2),
          ms.toFixed(1),
          matches,
          count,
          "",
          loadBefore,
        ]);
        if (count === 0) none[name] = ms;
        else
          unfilteredCost.set(name, [
            ...(unfilteredCost.get(name) ?? []),
            ((ms - (none[name] ?? 0)) * 1000) / count,
          ]);
      }
    }
  }
  for (const [name, costs] of unfilteredCost) {
    console.log(
      `${name}: one unfiltered saved search costs ${costs.map((c) => c.toFixed(1)).join(", ")} µs per tender of ${chunks} chunks (per round)`,
    );
  }
} finally {
  await drop();
}
