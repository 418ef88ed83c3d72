import type { TenderFilters, TenderSort } from "@tender/contracts";
import { insertGeneratedTenders, type PlanNode, planNodes, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureSource } from "../ingest/sources.repository.js";
import { type ListTendersInput, listTenders, type TenderPosition } from "./tender-browse.repository.js";
import { SORT_KEYS, tenderPageSql } from "./tender-page-sql.js";

const t = useTestDatabase();
const SORTS: TenderSort[] = ["published_desc", "deadline_asc", "amount_desc"];
const INDEX: Record<TenderSort, string> = {
  published_desc: "tenders_published_desc_idx",
  deadline_asc: "tenders_deadline_idx",
  amount_desc: "tenders_amount_desc_idx",
  contract_end_asc: "tenders_contract_end_idx",
};
// Generated tenders are published during the year before 2026-11-26.
const NOW = new Date("2026-10-01T00:00:00Z");
const FILTERS: Record<string, TenderFilters | undefined> = {
  none: undefined,
  country: { countries: ["FR"] },
  cpv: { cpv: ["45"] },
  open: { open: true },
  "country and open": { countries: ["DE"], open: true },
};

/**
 * The plan of one part of a page. At 20,000 rows a bitmap scan plus a sort of the few hundred
 * matches can cost about as much as the walk, which reads `limit` rows whatever the table's size;
 * SSD page costs (random_page_cost 1.1) give this small table the plan a large one gets with the
 * defaults (checked on 200,000 generated tenders; bench/browse prints the plans at any size).
 */
async function plan(input: ListTendersInput, part: "keyed" | "unkeyed"): Promise<PlanNode[]> {
  const rows = await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL random_page_cost = 1.1`.execute(trx);
    const explained = sql<{
      "QUERY PLAN": [{ Plan: PlanNode }];
    }>`EXPLAIN (FORMAT JSON) ${tenderPageSql(input, part)}`;
    return (await explained.execute(trx)).rows;
  });
  return planNodes(rows);
}

/** The position of the `n`th tender (from 0) with (keyed) or without the sort key, as a cursor names it. */
async function positionAt(
  input: Omit<ListTendersInput, "limit">,
  n: number,
  part: "keyed" | "unkeyed",
): Promise<TenderPosition> {
  const page = await tenderPageSql({ ...input, limit: n + 1 }, part).execute(t.db);
  const last = page.rows.at(-1);
  if (!last) throw new Error("no such tender");
  return { key: last.sort_key, id: last.id };
}

beforeAll(async () => {
  await insertGeneratedTenders(t.db, { count: 20_000 });
  await sql`ANALYZE tenders`.execute(t.db);
}, 120_000);

describe("browse pages walk the sort's index from the cursor", () => {
  for (const sort of SORTS) {
    for (const [name, filters] of Object.entries(FILTERS)) {
      it(`${sort}, filter ${name}: an index scan whose condition starts at the cursor, no sort`, async () => {
        const base = { sort, now: NOW, ...(filters ? { filters } : {}) };
        const after = await positionAt(base, 300, "keyed");
        expect(after.key).not.toBeNull();
        const keyed = await plan({ ...base, limit: 21, after }, "keyed");
        const scan = keyed.find((n) => n["Index Name"] === INDEX[sort]);
        expect(scan?.["Node Type"]).toBe("Index Scan");
        expect(scan?.["Index Cond"]).toMatch(/^\(.*ROW\(.* [<>] ROW\(/);
        expect(keyed.map((n) => n["Node Type"])).not.toContain("Sort");
        expect(keyed.map((n) => n["Node Type"])).not.toContain("Incremental Sort");
        if (!SORT_KEYS[sort].nullable(filters ?? {}, {})) return;
        // The tenders without the key: the same index, from its NULL end (and the cursor's id).
        for (const cursor of [after, await positionAt(base, 20, "unkeyed")]) {
          const unkeyed = await plan({ ...base, limit: 21, after: cursor }, "unkeyed");
          const tail = unkeyed.find((n) => n["Index Name"] === INDEX[sort]);
          expect(tail?.["Node Type"]).toBe("Index Scan");
          expect(tail?.["Index Cond"]).toMatch(cursor.key === null ? /IS NULL.*id [<>]/ : /IS NULL/);
          expect(unkeyed.map((n) => n["Node Type"])).not.toContain("Sort");
        }
      });
    }
  }
});

describe("walking every page", () => {
  const amount = fc.option(fc.constantFrom("0.00", "1.50", "1000.00", "99999999.99"), { freq: 3 });
  // One fixed-width form (microseconds, as the cursor keeps them), so text order is time order.
  const instant = fc.constantFrom(
    "2026-01-01T00:00:00.000000Z",
    "2026-01-01T00:00:00.000001Z",
    "2026-03-01T12:00:00.000000Z",
  );
  const tender = fc.record({
    amount,
    published_at: instant,
    deadline: fc.option(instant, { freq: 3 }),
    countries: fc.constantFrom(["FR"], ["DE"], ["DE", "FR"], []),
  });
  const compare = (a: string | null, b: string | null, ascending: boolean, numeric: boolean): number => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    const less = numeric ? Number(a) < Number(b) : a < b;
    return (less ? -1 : 1) * (ascending ? 1 : -1);
  };

  it("returns every matching tender exactly once, in order, nulls last, for any data, sort, filter and limit", async () => {
    const sourceId = (await ensureSource(t.db, "walk")).id;
    await fc.assert(
      fc.asyncProperty(
        fc.array(tender, { minLength: 0, maxLength: 40 }),
        fc.constantFrom(...SORTS),
        fc.constantFrom<string[] | undefined>(undefined, ["FR"], ["DE"]),
        fc.integer({ min: 1, max: 7 }),
        async (tenders, sort, countries, limit) => {
          await sql`DELETE FROM tenders WHERE source_id = ${sourceId}`.execute(t.db);
          const ids: string[] = [];
          for (const [i, row] of tenders.entries()) {
            const inserted = await sql<{ id: string; published: string }>`
              INSERT INTO tenders (source_id, external_id, title, buyer_name, amount, currency, published_at,
                                   deadline, source_url, content_hash, raw_payload, countries)
              VALUES (${sourceId}, ${`w-${i}`}, 'Walk', 'Buyer', ${row.amount}::numeric,
                      ${row.amount === null ? null : "EUR"}, ${row.published_at}::timestamptz,
                      ${row.deadline}::timestamptz, 'https://example.org/walk', ${"a".repeat(64)}, '{}',
                      ${row.countries}::text[])
              RETURNING id`.execute(t.db);
            ids.push((inserted.rows[0] as { id: string }).id);
          }
          const key = (r: (typeof tenders)[number]) =>
            sort === "published_desc" ? r.published_at : sort === "deadline_asc" ? r.deadline : r.amount;
          const ascending = sort === "deadline_asc";
          const expected = tenders
            .map((r, i) => ({ id: ids[i] as string, key: key(r), countries: r.countries }))
            .filter((r) => countries === undefined || r.countries.some((c) => countries.includes(c)))
            .sort(
              (a, b) =>
                compare(a.key, b.key, ascending, sort === "amount_desc") ||
                compare(a.id, b.id, ascending, false),
            )
            .map((r) => r.id);
          // Only this run's tenders, among the generated ones.
          const filters: TenderFilters = { tender_ids: ids, ...(countries ? { countries } : {}) };
          const walked: string[] = [];
          let after: TenderPosition | undefined;
          for (let page = 0; page <= tenders.length; page++) {
            const rows = await listTenders(t.db, {
              sort,
              filters,
              limit,
              now: NOW,
              ...(after ? { after } : {}),
            });
            walked.push(...rows.map((r) => r.id));
            const last = rows.at(-1);
            if (rows.length < limit || !last) break;
            after = { key: last.sort_key, id: last.id };
          }
          expect(walked).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
