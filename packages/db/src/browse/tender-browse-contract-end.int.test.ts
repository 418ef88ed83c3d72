import { insertGeneratedTenders, type PlanNode, planNodes, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { type ContractEndRange, type ListedTender, listTenders } from "./tender-browse.repository.js";
import { tenderPageSql } from "./tender-page-sql.js";

const t = useTestDatabase();
const NOW = new Date("2026-10-01T00:00:00Z");

/** Every page of `sort=contract_end_asc` in this range, `limit` at a time, as a client walks them. */
async function walk(range: ContractEndRange, limit: number): Promise<ListedTender[]> {
  const seen: ListedTender[] = [];
  let after: { key: string | null; id: string } | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const rows = await listTenders(t.db, {
      sort: "contract_end_asc",
      limit: limit + 1,
      now: NOW,
      contractEnd: range,
      ...(after ? { after } : {}),
    });
    const page = rows.slice(0, limit);
    seen.push(...page);
    const last = page.at(-1);
    if (rows.length <= limit || !last) return seen;
    after = { key: last.sort_key, id: last.id };
  }
  throw new Error("the walk did not end");
}

describe("browse by contract end (expiring contracts)", () => {
  beforeAll(async () => {
    await insertGeneratedTenders(t.db, { count: 20_000 });
    // Every seventh generated tender is a result notice with a contract end in 2026–2029.
    await sql`
      UPDATE tenders SET kind = 'result',
        contract_end = DATE '2026-01-01' + (('x' || substr(md5(id::text), 1, 6))::bit(24)::int % 1400)
      WHERE ('x' || substr(md5(id::text), 7, 2))::bit(8)::int % 7 = 0`.execute(t.db);
    await sql`ANALYZE tenders`.execute(t.db);
  }, 120_000);

  it("walks tenders_contract_end_idx from the cursor, with and without a range, and sorts nothing", async () => {
    for (const range of [{}, { from: "2027-01-01", to: "2027-12-31" }] as ContractEndRange[]) {
      const first = await tenderPageSql(
        { sort: "contract_end_asc", limit: 301, now: NOW, contractEnd: range },
        "keyed",
      ).execute(t.db);
      const last = first.rows.at(-1) as ListedTender;
      const explained = await t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL random_page_cost = 1.1`.execute(trx);
        return sql<{ "QUERY PLAN": [{ Plan: PlanNode }] }>`EXPLAIN (FORMAT JSON) ${tenderPageSql(
          {
            sort: "contract_end_asc",
            limit: 21,
            now: NOW,
            contractEnd: range,
            after: { key: last.sort_key, id: last.id },
          },
          "keyed",
        )}`.execute(trx);
      });
      const plan = planNodes(explained.rows);
      const scan = plan.find((n) => n["Index Name"] === "tenders_contract_end_idx");
      expect(scan?.["Node Type"]).toBe("Index Scan");
      expect(scan?.["Index Cond"]).toMatch(/ROW\(.* > ROW\(/);
      expect(plan.map((n) => n["Node Type"])).not.toContain("Sort");
    }
  });

  it("returns each tender in the range once, earliest contract end first, for any range and page size", async () => {
    const all = await t.db
      .selectFrom("tenders")
      .select(["id", "contract_end"])
      .where("contract_end", "is not", null)
      .execute();
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.integer({ min: 0, max: 1400 }), { nil: undefined }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 50, max: 400 }),
        async (start, span, limit) => {
          const from =
            start === undefined
              ? undefined
              : new Date(Date.UTC(2026, 0, 1 + start)).toISOString().slice(0, 10);
          const to =
            start === undefined
              ? "2026-03-01"
              : new Date(Date.UTC(2026, 0, 1 + start + span)).toISOString().slice(0, 10);
          const range = { ...(from ? { from } : {}), to };
          const walked = await walk(range, limit);
          const expected = all
            .filter(
              (r) =>
                r.contract_end !== null &&
                (from === undefined || r.contract_end >= from) &&
                r.contract_end <= to,
            )
            .sort((a, b) =>
              (a.contract_end as string) < (b.contract_end as string)
                ? -1
                : (a.contract_end as string) > (b.contract_end as string)
                  ? 1
                  : a.id < b.id
                    ? -1
                    : 1,
            );
          expect(walked.map((r) => r.id)).toEqual(expected.map((r) => r.id));
          expect(walked.map((r) => r.sort_key)).toEqual(expected.map((r) => r.contract_end));
        },
      ),
      { numRuns: 8 },
    );
  });

  it("puts the tenders without a contract end last when no range is given", async () => {
    const rows = await listTenders(t.db, { sort: "contract_end_asc", limit: 5000, now: NOW });
    const firstNull = rows.findIndex((r) => r.sort_key === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(rows.slice(firstNull).every((r) => r.sort_key === null)).toBe(true);
  });
});
