// Shared code of bench/browse/browse.ts: the cases, the bare index walks it compares with,
// interleaved timing, plan summaries and the write-cost batch. Loaded with a typed dynamic
// import, as bench/search/bench-lib.ts explains.
import type { TenderFilters, TenderSort } from "../../packages/contracts/dist/index.js";
import { type createDb, type TenderPosition, tenderPageSql } from "../../packages/db/dist/index.js";

type Db = ReturnType<typeof createDb>;
type PageInput = Parameters<typeof tenderPageSql>[0];

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");

export type PgClient = import("../scratch-database.js").PgClient;
/** A connected node-postgres client of `url`; `end()` it. */
export const connect = scratch.connect;

export const SORTS: TenderSort[] = ["published_desc", "deadline_asc", "amount_desc"];
/**
 * Browse filters: none, a large country, a common CPV division, open tenders (at the bench's
 * clock, 2026-10-01), a small country; each with the same condition as plain SQL for B.
 */
export const FILTERS: Record<string, { filters?: TenderFilters; where: string }> = {
  none: { where: "true" },
  "country DE": { filters: { countries: ["DE"] }, where: "countries && '{DE}'" },
  "cpv 45": { filters: { cpv: ["45"] }, where: "cpv_prefixes && '{45}'" },
  open: { filters: { open: true }, where: "deadline > '2026-10-01T00:00:00Z'" },
  "country IS (0.3 %)": { filters: { countries: ["IS"] }, where: "countries && '{IS}'" },
};
export const FACET_FILTERS: Record<string, TenderFilters | undefined> = {
  none: undefined,
  "country FR": { countries: ["FR"] },
  "cpv 72": { cpv: ["72"] },
};

/** The order and row comparison of each sort, as its index (migration 0019) holds it. */
const ORDER: Record<TenderSort, { column: string; cast: string; beyond: string; direction: string }> = {
  published_desc: { column: "published_at", cast: "timestamptz", beyond: "<", direction: "DESC" },
  deadline_asc: { column: "deadline", cast: "timestamptz", beyond: ">", direction: "ASC" },
  amount_desc: { column: "amount", cast: "numeric", beyond: "<", direction: "DESC" },
  contract_end_asc: { column: "contract_end", cast: "date", beyond: ">", direction: "ASC" },
};

// The page's columns as stored: no join for the source code, no formatting of timestamps.
const COLUMNS = `id, source_id, external_id, title, buyer_name, amount, currency, published_at, deadline,
  source_url, countries, cpv_codes, index_status, procedure_id, kind, superseded_by`;

/**
 * The floor of a page: the same columns and rows from the same index walk, as plain SQL on a
 * plain client (no query builder, no pool, no join, no formatting). A floor that reads ids only
 * is an index-only scan that never visits the table, which no page can match.
 */
export function bareSelect(
  sort: TenderSort,
  where: string,
  after: TenderPosition | undefined,
  limit: number,
) {
  const o = ORDER[sort];
  const order = `ORDER BY ${o.column} ${o.direction} NULLS LAST, id ${o.direction} LIMIT ${limit}`;
  const from = `SELECT ${COLUMNS} FROM tenders WHERE ${where} AND`;
  if (!after) return { text: `${from} ${o.column} IS NOT NULL ${order}`, values: [] };
  if (after.key === null)
    return { text: `${from} ${o.column} IS NULL AND id ${o.beyond} $1 ${order}`, values: [after.id] };
  return {
    text: `${from} (${o.column}, id) ${o.beyond} ($1::${o.cast}, $2::uuid) ${order}`,
    values: [after.key, after.id],
  };
}

/** The cursor after the first `skip` matching tenders (what page `skip / 20 + 1` starts from), or undefined past the end. */
export async function cursorBefore(
  db: Db,
  base: Omit<PageInput, "limit">,
  skip: number,
): Promise<TenderPosition | undefined> {
  const keyed = (await tenderPageSql({ ...base, limit: skip }, "keyed").execute(db)).rows;
  let last = keyed.at(-1);
  if (keyed.length < skip) {
    const rest = (await tenderPageSql({ ...base, limit: skip - keyed.length }, "unkeyed").execute(db)).rows;
    if (rest.length < skip - keyed.length) return undefined;
    last = rest.at(-1);
  }
  return last && { key: last.sort_key, id: last.id };
}

/** Nearest-rank percentile of a non-empty list. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] as number;
}

interface Timing {
  p50: number;
  p95: number;
}

/** Runs A and B in turn (A B A B…) after one unmeasured round; p50 and p95 of each, in ms. */
export async function interleaved(
  runs: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[Timing, Timing]> {
  await a();
  await b();
  const samples: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run++) {
    for (const [i, task] of [a, b].entries()) {
      const start = performance.now();
      await task();
      samples[i as 0 | 1].push(performance.now() - start);
    }
  }
  return [
    { p50: percentile(samples[0], 50), p95: percentile(samples[0], 95) },
    { p50: percentile(samples[1], 50), p95: percentile(samples[1], 95) },
  ];
}

export const ms = (value: number) => value.toFixed(1);

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** "<scan> <index>, cursor in index condition, sort: yes/no" for one page query. */
export async function planSummary(
  client: PgClient,
  query: { compile(db: Db): { sql: string; parameters: readonly unknown[] } },
  db: Db,
): Promise<string> {
  const compiled = query.compile(db);
  const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `EXPLAIN (FORMAT JSON) ${compiled.sql}`,
    compiled.parameters as unknown[],
  );
  const all = nodes((rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan);
  const scan = all.find((n) => n["Node Type"].includes("Scan") && n["Index Name"]?.startsWith("tenders_"));
  const sorted = all.some((n) => n["Node Type"].includes("Sort"));
  const cursor = /ROW\(|id [<>]/.test(scan?.["Index Cond"] ?? "");
  return `${scan ? `${scan["Node Type"]} ${scan["Index Name"]}` : "no index"}${cursor ? ", from the cursor" : ""}, sort: ${sorted ? "yes" : "no"}`;
}

/** Groups, and shares of null deadlines and amounts, for the header. */
export async function describeData(client: PgClient): Promise<string> {
  const { rows } = await client.query<{ groups: number; no_deadline: string; no_amount: string }>(`
    SELECT (SELECT count(*)::int FROM tender_facet_groups WHERE tenders > 0) AS groups,
           round(100.0 * count(*) FILTER (WHERE deadline IS NULL) / count(*), 1) AS no_deadline,
           round(100.0 * count(*) FILTER (WHERE amount IS NULL) / count(*), 1) AS no_amount
    FROM tenders`);
  const r = rows[0];
  return `${r?.groups} facet groups, ${r?.no_deadline} % without deadline, ${r?.no_amount} % without amount`;
}

let batch = 0;
let sample: string[] | undefined;
/** 500 single-row inserts (copies of generated tenders) in one transaction, rolled back; with or without the facet-group triggers. */
export async function insertBatch(client: PgClient, triggers: boolean): Promise<void> {
  sample ??= (await client.query<{ id: string }>("SELECT id FROM tenders ORDER BY id LIMIT 500")).rows.map(
    (r) => r.id,
  );
  batch++;
  await client.query("BEGIN");
  try {
    if (!triggers)
      await client.query("ALTER TABLE tenders DISABLE TRIGGER tenders_facet_groups_insert_delete");
    for (const [i, id] of sample.entries()) {
      await client.query(
        `INSERT INTO tenders (source_id, external_id, title, buyer_name, amount, currency, published_at, deadline,
                              source_url, content_hash, raw_payload, countries, cpv_codes)
         SELECT source_id, $1, title, buyer_name, amount, currency, published_at, deadline, source_url,
                content_hash, raw_payload, countries, cpv_codes
         FROM tenders WHERE id = $2`,
        [`write-${batch}-${i}`, id],
      );
    }
  } finally {
    await client.query("ROLLBACK");
  }
}
