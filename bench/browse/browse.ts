// Browsing and facets at a year of tenders (issue 28): N generated tenders with skewed countries
// and CPV divisions and some null deadlines and amounts (insertGeneratedTenders), in a scratch
// database. For each sort, page 1 and page 1,000 (20 a page) with no filter and with common
// filters, through `listTenders` (A), interleaved with a bare `SELECT <the page's columns> …
// WHERE <the same filter> ORDER BY … LIMIT 21` walking the same index from the same cursor on a
// plain client (B): A B A B…, p50/p95 and the ratio, with each
// page's plan (the index walked, and whether anything is sorted). Then facet counts (no filter,
// one country, one CPV division) through `tender_facet_groups`, interleaved with the same counts
// read from the tenders themselves, and what the groups' triggers cost an ingest transaction
// (500 single-row inserts, triggers on vs off, rolled back). The load average is printed
// before each part.
// Usage (after `pnpm build`): node bench/browse/browse.ts [tenders, default 1000000] [runs, default 30]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { countTenderFacets, listTenders, tenderPageSql } from "../../packages/db/dist/index.js";
import { insertGeneratedTenders } from "../../packages/testing/dist/insert-generated-tenders.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(`./browse-bench-lib${".ts"}`)) as typeof import("./browse-bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const size = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 30);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const log = (line: string) => console.log(line);
// Generated tenders are published during the year before 2026-11-26.
const NOW = new Date("2026-10-01T00:00:00Z");
const PAGE = 20;

const { db, url, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_browse");
const client = await lib.connect(url);
try {
  log(`== ${size} generated tenders (load average before: ${load()})`);
  const started = performance.now();
  for (let from = 1; from <= size; from += 50_000) {
    await insertGeneratedTenders(db, { from, count: Math.min(50_000, size - from + 1), seed: from });
  }
  await client.query("VACUUM ANALYZE tenders");
  await client.query("VACUUM ANALYZE tender_facet_groups");
  log(
    `  inserted and analyzed in ${((performance.now() - started) / 1000).toFixed(0)} s; ${await lib.describeData(client)}`,
  );

  log(
    `\n== Browse: listTenders (A) vs bare SELECT on the same index (B), ${runs} interleaved runs, ${PAGE} a page (load average before: ${load()})`,
  );
  log("| sort | filter | page | A p50 / p95 (ms) | B p50 / p95 (ms) | A ÷ B (p50) | plan of A |");
  log("|---|---|---:|---:|---:|---:|---|");
  for (const sort of lib.SORTS) {
    for (const [name, { filters, where }] of Object.entries(lib.FILTERS)) {
      for (const page of [1, 1000]) {
        const base = { sort, now: NOW, ...(filters ? { filters } : {}) };
        const after = page === 1 ? undefined : await lib.cursorBefore(db, base, (page - 1) * PAGE);
        if (page > 1 && !after) {
          log(`| ${sort} | ${name} | ${page} | (fewer than ${page} pages) | | | |`);
          continue;
        }
        const input = { ...base, limit: PAGE + 1, ...(after ? { after } : {}) };
        const bare = lib.bareSelect(sort, where, after, PAGE + 1);
        const [a, b] = await lib.interleaved(
          runs,
          () => listTenders(db, input),
          () => client.query(bare.text, bare.values),
        );
        const plan = await lib.planSummary(
          client,
          tenderPageSql(input, after?.key === null ? "unkeyed" : "keyed"),
          db,
        );
        log(
          `| ${sort} | ${name} | ${page} | ${lib.ms(a.p50)} / ${lib.ms(a.p95)} | ${lib.ms(b.p50)} / ${lib.ms(b.p95)} | ${(a.p50 / b.p50).toFixed(2)} | ${plan} |`,
        );
      }
    }
  }

  const facetRuns = Math.max(3, Math.ceil(runs / 3));
  log(
    `\n== Facets: tender_facet_groups (A) vs counting the tenders (B), ${facetRuns} interleaved runs (load average before: ${load()})`,
  );
  log("| filter | A p50 / p95 (ms) | B p50 / p95 (ms) | B ÷ A (p50) | total |");
  log("|---|---:|---:|---:|---:|");
  for (const [name, filters] of Object.entries(lib.FACET_FILTERS)) {
    // A published_from every tender passes: the same counts, read from the tenders.
    const scanned = { ...filters, published_from: "2000-01-01T00:00:00.000Z" };
    let total = 0;
    const [a, b] = await lib.interleaved(
      facetRuns,
      async () => {
        total = (await countTenderFacets(db, filters, NOW)).total;
      },
      () => countTenderFacets(db, scanned, NOW),
    );
    log(
      `| ${name} | ${lib.ms(a.p50)} / ${lib.ms(a.p95)} | ${lib.ms(b.p50)} / ${lib.ms(b.p95)} | ${(b.p50 / a.p50).toFixed(1)} | ${total} |`,
    );
  }

  log(
    `\n== Write cost of the facet groups: 500 single-row inserts in one transaction, rolled back, ${facetRuns} interleaved runs (load average before: ${load()})`,
  );
  const [on, off] = await lib.interleaved(
    facetRuns,
    () => lib.insertBatch(client, true),
    () => lib.insertBatch(client, false),
  );
  log(
    `  triggers on: p50 ${lib.ms(on.p50)} ms (${lib.ms((on.p50 / 500) * 1000)} µs a tender); off: p50 ${lib.ms(off.p50)} ms (${lib.ms((off.p50 / 500) * 1000)} µs a tender)`,
  );
  log(`\nload average after: ${load()}`);
} finally {
  await client.end();
  await drop();
}
