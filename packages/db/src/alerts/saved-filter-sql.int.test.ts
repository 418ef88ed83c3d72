import type { TenderFilters } from "@tender/contracts";
import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { tenderFilterSql } from "../browse/tender-filter-sql.js";
import { ensureSource } from "../ingest/sources.repository.js";
import { savedFilterSql } from "./saved-filter-sql.js";

const t = useTestDatabase();
const NOW = new Date("2026-02-06T00:00:00Z");
let ids: string[] = [];

beforeAll(async () => {
  const ted = (await ensureSource(t.db, "ted")).id;
  const cf = (await ensureSource(t.db, "contracts_finder")).id;
  // 60 tenders over every kind of value, nulls included.
  await sql`
    INSERT INTO tenders (source_id, external_id, title, buyer_name, amount, currency, published_at, deadline,
                         source_url, content_hash, raw_payload, countries, cpv_codes)
    SELECT CASE WHEN g % 3 = 0 THEN ${cf}::uuid ELSE ${ted}::uuid END, 'F-' || g, 'T' || g,
           CASE g % 4 WHEN 0 THEN 'City of 100% Roads' WHEN 1 THEN 'Roads_Dept' ELSE 'ACME' END,
           CASE WHEN g % 5 = 0 THEN NULL ELSE (g % 7) * 1000 END,
           CASE WHEN g % 5 = 0 THEN NULL WHEN g % 2 = 0 THEN 'EUR' ELSE 'GBP' END,
           timestamptz '2026-01-01' + (g % 13) * interval '1 day',
           CASE WHEN g % 6 = 0 THEN NULL ELSE timestamptz '2026-02-01' + (g % 11) * interval '1 day' END,
           'https://example.org/' || g, md5(g::text) || md5(g::text), '{}',
           CASE g % 4 WHEN 0 THEN '{FR}'::text[] WHEN 1 THEN '{DE}' WHEN 2 THEN '{DE,FR}' ELSE '{}' END,
           CASE WHEN g % 3 = 0 THEN ARRAY['45233141', '45000000'] WHEN g % 3 = 1 THEN ARRAY['72000000'] ELSE '{}' END
    FROM generate_series(1, 60) AS g`.execute(t.db);
  ids = (await sql<{ id: string }>`SELECT id FROM tenders ORDER BY id`.execute(t.db)).rows.map((r) => r.id);
  // Every notice kind, and one notice in three replaced by another.
  await sql`
    UPDATE tenders SET
      kind = (ARRAY['planning','competition','change','result','modification','cancellation'])[1 + (ascii(right(external_id, 1)) % 6)],
      superseded_by = CASE WHEN ascii(right(external_id, 1)) % 3 = 0 THEN ${ids[0]}::uuid END`.execute(t.db);
});

const day = fc.integer({ min: 0, max: 45 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString());
const VALUES = {
  sources: fc.shuffledSubarray(["ted", "contracts_finder"] as const, { minLength: 1 }),
  countries: fc.subarray(["FR", "DE", "ES"], { minLength: 1 }),
  cpv: fc.subarray(["45", "4523", "45233141", "72", "99"], { minLength: 1 }),
  buyer: fc.constantFrom("%", "_", "100%", "s_d", "roads", "ACME", "city of"),
  currency: fc.constantFrom("EUR", "GBP"),
  amount_min: fc.constantFrom("0.00", "2000.00", "4500.50"),
  amount_max: fc.constantFrom("1000.00", "5000.00"),
  published_from: day,
  published_to: day,
  deadline_from: day,
  deadline_to: day,
  open: fc.boolean(),
  tender_ids: fc.constant(null as unknown as string[]),
  kinds: fc.shuffledSubarray(["planning", "competition", "change", "result"] as const, { minLength: 1 }),
  current: fc.boolean(),
};
const KEYS = Object.keys(VALUES) as (keyof typeof VALUES)[];
// Up to three filters at once, so that most combinations still match some tenders.
const filtersArb: fc.Arbitrary<TenderFilters> = fc
  .tuple(fc.record(VALUES), fc.subarray(KEYS, { maxLength: 3 }))
  .map(([all, keys]) => Object.fromEntries(keys.map((k) => [k, all[k]])) as TenderFilters);

async function matching(condition: ReturnType<typeof tenderFilterSql>): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT t.id FROM tenders AS t WHERE ${condition} ORDER BY t.id`.execute(t.db);
  return rows.map((r) => r.id);
}

describe("savedFilterSql", () => {
  it("matches exactly the tenders tenderFilterSql matches, for any combination of filters", async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(filtersArb, fc.subarray([0, 5, 17, 33], { minLength: 1 }), async (drawn, picks) => {
        const filters = { ...drawn } as TenderFilters;
        if (filters.tender_ids === null) filters.tender_ids = picks.map((i) => ids[i] as string);
        const expected = await matching(tenderFilterSql(filters, NOW));
        const stored = sql`${JSON.stringify(filters)}::jsonb`;
        expect(await matching(savedFilterSql(stored, NOW))).toEqual(expected);
        if (expected.length > 0) nonEmpty += 1;
      }),
      { numRuns: 200 },
    );
    // The filters must select something often, or the comparison proves little.
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it("restricts nothing when empty, and open: false is no condition", async () => {
    expect(await matching(savedFilterSql(sql`'{}'::jsonb`, NOW))).toHaveLength(60);
    expect(await matching(savedFilterSql(sql`'{"open": false}'::jsonb`, NOW))).toHaveLength(60);
  });
});
