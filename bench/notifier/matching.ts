// Matching throughput of the notifier's core step, `recordTenderMatches` (one statement per
// indexed tender: every saved search's filters, its best chunk of the tender by cosine distance,
// the matches and their webhook deliveries), with 1,000 and 10,000 saved searches. Each run
// walks the same indexed tenders, one call per tender, with `concurrency` calls in flight (the
// notifier's NOTIFY_CONCURRENCY); the saved searches are replaced between runs, sizes interleaved.
// Usage (after `pnpm build`): node bench/notifier/matching.ts [tenders, default 200] [sizes, default 1000,10000] [rounds, default 2] [concurrency, default 2] [min_score, default 0.35]
// (min_score 1 leaves only the search itself: no saved search matches, nothing is written.)
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { recordTenderMatches } from "../../packages/db/dist/index.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(`./notifier-bench-lib${".ts"}`)) as typeof import("./notifier-bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const tenders = Number(process.argv[2] ?? 200);
const sizes = (process.argv[3] ?? "1000,10000").split(",").map(Number);
const rounds = Number(process.argv[4] ?? 2);
const concurrency = Number(process.argv[5] ?? 2);
const minScore = Number(process.argv[6] ?? lib.MIN_SCORE);

const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_notify");
try {
  const seeded = await lib.seedIndexedTenders(db, tenders);
  console.log(
    `${tenders} indexed tenders × ${lib.CHUNKS_PER_TENDER} chunks, min_score ${minScore}, ${concurrency} call(s) in flight, interleaved runs`,
  );
  console.log(
    "| saved searches | round | tenders/s | ms per tender (mean) | matches | deliveries | load average before |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (let round = 1; round <= rounds; round++) {
    for (const size of sizes) {
      await lib.replaceSavedSearches(db, size, undefined, minScore);
      const load = loadavg()
        .map((x) => x.toFixed(2))
        .join(" ");
      let next = 0;
      let matches = 0;
      let deliveries = 0;
      const now = new Date();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let i = next++; i < seeded.length; i = next++) {
            const tender = seeded[i] as { id: string; contentHash: string };
            const result = await recordTenderMatches(db, {
              tenderId: tender.id,
              contentHash: tender.contentHash,
              now,
            });
            matches += result.matches;
            deliveries += result.deliveries;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `| ${size.toLocaleString("en")} | ${round} | ${(tenders / seconds).toFixed(1)} | ${((seconds * 1000 * concurrency) / tenders).toFixed(1)} | ${matches} | ${deliveries} | ${load} |`,
      );
    }
  }
} finally {
  await drop();
}
