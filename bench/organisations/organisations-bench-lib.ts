// Shared code of bench/organisations/organisations.ts: the queries drawn from the generated data,
// interleaved timing with a changing input, percentiles and plan summaries. Loaded with a typed
// dynamic import, as bench/search/bench-lib.ts explains.
import { type createDb, organisationSearchSql } from "../../packages/db/dist/index.js";

type Db = ReturnType<typeof createDb>;
type SearchInput = Parameters<typeof organisationSearchSql>[0];

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");

export type PgClient = import("../scratch-database.js").PgClient;
/** A connected node-postgres client of `url`; `end()` it. */
export const connect = scratch.connect;

/** What a person types to find an organisation, drawn from `size` random generated names. */
export async function drawQueries(client: PgClient, size: number): Promise<Record<string, string[]>> {
  const { rows } = await client.query<{ name: string; identifier: string | null }>(
    "SELECT name, identifier FROM organisations ORDER BY random() LIMIT $1",
    [size],
  );
  const words = rows.map((r) => r.name.split(" "));
  return {
    "name and start of the next word": words.map(
      ([first = "", second = ""]) => `${first} ${second.slice(0, 3)}`,
    ),
    "one whole word": words.map(([first = ""]) => first.toLowerCase()),
    "first 3 letters": words.map(([first = ""]) => first.slice(0, 3)),
    "a common word": ["engineering", "services", "council", "limited", "hospital", "digital"],
    identifier: rows.filter((r) => r.identifier).map((r) => `GB-COH-${r.identifier}`),
  };
}

/** `size` random ids of organisations with at least one award won or given. */
export async function drawOrganisations(client: PgClient, size: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM (SELECT DISTINCT organisation_id AS id FROM award_winners
                     UNION SELECT DISTINCT buyer_organisation_id FROM awards) AS o
     WHERE id IS NOT NULL ORDER BY random() LIMIT $1`,
    [size],
  );
  return rows.map((r) => r.id);
}

/** Nearest-rank percentile of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] as number;
}

/** p50, p95, and the spread p25–p75 of samples in ms. */
export function describe(samples: readonly number[]): string {
  const f = (p: number) => percentile(samples, p).toFixed(1);
  return `${f(50)} / ${f(95)} (${f(25)}–${f(75)})`;
}

/** Runs A(i) and B(i) in turn (A B A B…) after one unmeasured round; the samples of each, in ms. */
export async function interleaved(
  runs: number,
  a: (run: number) => Promise<unknown>,
  b: (run: number) => Promise<unknown>,
): Promise<[number[], number[]]> {
  await a(0);
  await b(0);
  const samples: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run++) {
    for (const [i, task] of [a, b].entries()) {
      const start = performance.now();
      await task(run);
      samples[i as 0 | 1].push(performance.now() - start);
    }
  }
  return samples;
}

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The scans of both parts of one search: `Index Scan organisations_search_name_idx`, … */
export async function searchPlan(client: PgClient, db: Db, input: SearchInput): Promise<string> {
  const scans: string[] = [];
  for (const part of ["named", "worded"] as const) {
    const compiled = organisationSearchSql(input, part).compile(db);
    const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) ${compiled.sql}`,
      compiled.parameters as unknown[],
    );
    const plan = (rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan;
    for (const n of nodes(plan).filter(
      (node) => node["Node Type"].includes("Scan") && node["Relation Name"],
    )) {
      scans.push(
        `${part}: ${n["Node Type"]}${n["Index Name"] ? ` ${n["Index Name"]}` : ` on ${n["Relation Name"]}`}`,
      );
    }
  }
  return [...new Set(scans)].join("; ");
}

/** Organisations, awards and the award counts of the busiest supplier and the median one, for the header. */
export async function describeData(client: PgClient): Promise<string> {
  const { rows } = await client.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM organisations) AS organisations,
           (SELECT count(*) FROM organisation_names) AS spellings,
           (SELECT count(*) FROM awards) AS awards,
           (SELECT count(*) FROM award_winners) AS winners,
           (SELECT max(n) FROM (SELECT count(*) AS n FROM award_winners GROUP BY organisation_id) AS c) AS busiest,
           (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n)
              FROM (SELECT count(*) AS n FROM award_winners GROUP BY organisation_id) AS c) AS median`);
  const r = rows[0] ?? {};
  return `${r.organisations} organisations (${r.spellings} spellings), ${r.awards} awards, ${r.winners} winners; busiest supplier ${r.busiest} awards, median winner ${r.median}`;
}
