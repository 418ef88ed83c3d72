// Organisation search and pages at a year's scale (issue 26): N generated notices
// (insertGeneratedTenders) and M generated awards with their buyers and suppliers
// (insertGeneratedOrganisations: made-up names with legal forms, a third with a GB-COH number,
// winners drawn with a heavy skew — a few suppliers win thousands, most one or none), in a
// scratch database. Then, interleaved A B A B with a bare indexed lookup
// (`SELECT id, name, country FROM organisations WHERE id = $1`, B) on a plain client:
// - searchOrganisations (A, what the route runs, 21 rows) for queries drawn from the data (a name
//   and the start of the next word, one whole word, the first 3 letters, a common word, an
//   identifier, buyers of one country), each case and all mixed; with the scans of its plan;
// - findOrganisationDetails (A) for organisations with an award drawn at random, for the
//   busiest supplier and the busiest buyer.
// p50 / p95 (p25–p75) of each; the load average is printed before each part.
// Usage (after `pnpm build`):
//   node bench/organisations/organisations.ts [notices, default 1000000] [awards, default 300000] [runs, default 30]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { findOrganisationDetails, searchOrganisations } from "../../packages/db/dist/index.js";
import { organisationSearchTerms } from "../../packages/organisations/dist/index.js";
import {
  generatedOrganisationId,
  insertGeneratedOrganisations,
} from "../../packages/testing/dist/insert-generated-organisations.js";
import { insertGeneratedTenders } from "../../packages/testing/dist/insert-generated-tenders.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const lib = (await import(
  `./organisations-bench-lib${".ts"}`
)) as typeof import("./organisations-bench-lib.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const notices = Number(process.argv[2] ?? 1_000_000);
const awards = Number(process.argv[3] ?? 300_000);
const runs = Number(process.argv[4] ?? 30);
const suppliers = Math.max(10, Math.round(awards / 3));
const buyers = Math.max(10, Math.round(awards / 20));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const log = (line: string) => console.log(line);
const LIMIT = 21;

const { db, url, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_organisations");
const client = await lib.connect(url);
try {
  log(
    `== ${notices} notices, ${awards} awards, ${suppliers} suppliers, ${buyers} buyers (load average before: ${load()})`,
  );
  const started = performance.now();
  for (let from = 1; from <= notices; from += 50_000) {
    await insertGeneratedTenders(db, { from, count: Math.min(50_000, notices - from + 1), seed: from });
  }
  const organisationsStarted = performance.now();
  await insertGeneratedOrganisations(db, { buyers, suppliers, awards, tenders: notices });
  const done = performance.now();
  await client.query("VACUUM ANALYZE");
  log(
    `  notices in ${((organisationsStarted - started) / 1000).toFixed(0)} s, organisations and awards in ${((done - organisationsStarted) / 1000).toFixed(0)} s (their triggers included), vacuumed in ${((performance.now() - done) / 1000).toFixed(0)} s`,
  );
  log(`  ${await lib.describeData(client)}`);

  const bareIds = await lib.drawOrganisations(client, 500);
  const bare = (run: number) =>
    client.query("SELECT id, name, country FROM organisations WHERE id = $1", [
      bareIds[run % bareIds.length],
    ]);

  const queries = await lib.drawQueries(client, 200);
  const cases: Array<[string, Array<Parameters<typeof searchOrganisations>[1]>]> = Object.entries(
    queries,
  ).map(([name, list]) => [name, list.map((q) => ({ terms: organisationSearchTerms(q), limit: LIMIT }))]);
  cases.push(["buyers of one country, no q", [{ role: "buyer", country: "FR", limit: LIMIT }]]);
  cases.push(["all of the above, mixed", cases.flatMap(([, inputs]) => inputs)]);

  log(
    `\n== Search: searchOrganisations (A) vs bare lookup by id (B), ${runs} interleaved runs a case (load average before: ${load()})`,
  );
  log(
    "| case | A p50 / p95 (p25–p75) ms | B p50 / p95 (p25–p75) ms | found (first input) | scans of A (first input) |",
  );
  log("|---|---:|---:|---:|---|");
  for (const [name, inputs] of cases) {
    if (inputs.length === 0) {
      log(`| ${name} | (none in the sample) | | | |`);
      continue;
    }
    const mixed = name.startsWith("all");
    const pick = (run: number) =>
      inputs[(mixed ? run * 7919 : run) % inputs.length] as (typeof inputs)[number];
    const [a, b] = await lib.interleaved(
      mixed ? runs * 4 : runs,
      (run) => searchOrganisations(db, pick(run)),
      bare,
    );
    const first = inputs[0] as (typeof inputs)[number];
    const found = (await searchOrganisations(db, first)).length;
    const plan = mixed ? "" : await lib.searchPlan(client, db, first);
    log(`| ${name} | ${lib.describe(a)} | ${lib.describe(b)} | ${found} | ${plan} |`);
  }

  log(
    `\n== Page: findOrganisationDetails (A) vs bare lookup by id (B), ${runs} interleaved runs a case (load average before: ${load()})`,
  );
  log("| organisation | A p50 / p95 (p25–p75) ms | B p50 / p95 (p25–p75) ms | awards won / given |");
  log("|---|---:|---:|---:|");
  const pages: Array<[string, string[]]> = [
    ["with an award, at random", bareIds],
    ["busiest supplier", [generatedOrganisationId("supplier", 1)]],
    ["busiest buyer", [generatedOrganisationId("buyer", 1)]],
  ];
  for (const [name, ids] of pages) {
    const [a, b] = await lib.interleaved(
      name.startsWith("with") ? runs * 4 : runs,
      (run) => findOrganisationDetails(db, ids[(run * 7919) % ids.length] as string),
      bare,
    );
    const page = await findOrganisationDetails(db, ids[0] as string);
    log(
      `| ${name} | ${lib.describe(a)} | ${lib.describe(b)} | ${page?.awards_won.count ?? "-"} / ${page?.awards_given.count ?? "-"} |`,
    );
  }
  log(`\nload average after: ${load()}`);
} finally {
  await client.end();
  await drop();
}
