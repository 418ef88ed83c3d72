import {
  generatedOrganisationId,
  insertGeneratedOrganisations,
  insertGeneratedTenders,
  useTestDatabase,
} from "@tender/testing";
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import {
  findOrganisationDetails,
  organisationAwardsGivenSql,
  organisationAwardsWonSql,
  organisationSpellingsSql,
} from "./organisation-details.repository.js";
import { organisationRecentAwardsSql } from "./organisation-recent-awards.js";

const t = useTestDatabase();
let buyer: string;
let supplier: string;
let partner: string;

async function organisation(name: string, role: "buyer" | "supplier") {
  const row = await t.db
    .insertInto("organisations")
    .values({
      org_key: `TEST:${name}`,
      name,
      country: "GB",
      is_buyer: role === "buyer",
      is_supplier: role === "supplier",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function award(
  tender: number,
  fields: { value?: string; currency?: string; decided_at?: string; status?: "not-awarded"; buyer?: string },
  winners: string[],
) {
  const tenderRow = await t.db
    .selectFrom("tenders")
    .select("id")
    .where("external_id", "=", `gen-${tender}`)
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto("awards")
    .values({
      tender_id: tenderRow.id,
      position: 50,
      lot: `LOT-${tender}`,
      status: fields.status ?? "awarded",
      value: fields.value ?? null,
      currency: fields.currency ?? null,
      decided_at: fields.decided_at ?? null,
      contract_signed_at: null,
      contract_end: fields.decided_at ? "2029-12-31" : null,
      tenders_received: 3,
      buyer_organisation_id: fields.buyer ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto("award_winners")
    .values(
      winners.map((id, position) => ({
        award_id: row.id,
        position,
        organisation_id: id,
        name: "as written",
        identifier: id === supplier ? "X123" : null,
        scheme: id === supplier ? "GB-COH" : null,
        country: "GB",
      })),
    )
    .execute();
}

beforeAll(async () => {
  await insertGeneratedTenders(t.db, { count: 10_000 });
  await insertGeneratedOrganisations(t.db, { buyers: 200, suppliers: 5_000, awards: 8_000, tenders: 10_000 });
  buyer = await organisation("Smallville Council", "buyer");
  supplier = await organisation("Smallco Ltd", "supplier");
  partner = await organisation("Partner Works Ltd", "supplier");
  await t.db
    .insertInto("organisation_names")
    .values({ organisation_id: supplier, name: "SMALLCO LIMITED" })
    .execute();
  await award(1, { value: "100.50", currency: "EUR", decided_at: "2026-01-02", buyer }, [supplier, partner]);
  await award(2, { value: "200.00", currency: "EUR", decided_at: "2026-03-01", buyer }, [supplier]);
  await award(3, { value: "50.00", currency: "GBP", buyer }, [supplier]);
  await award(
    4,
    { value: "999.00", currency: "EUR", decided_at: "2026-05-01", status: "not-awarded", buyer },
    [supplier],
  );
  await award(5, { decided_at: "2025-12-31" }, [supplier]);
  for (const table of ["organisations", "organisation_names", "awards", "award_winners", "tenders"]) {
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(t.db);
  }
}, 120_000);

describe("findOrganisationDetails", () => {
  it("sums what a supplier won per currency, newest award first, undated last, with its buyers", async () => {
    const page = await findOrganisationDetails(t.db, supplier);
    expect(page?.names.sort()).toEqual(["SMALLCO LIMITED", "Smallco Ltd"]);
    expect(page?.identifiers).toEqual([{ scheme: "GB-COH", id: "X123" }]);
    expect(page?.roles).toEqual(["supplier"]);
    expect(page?.awards_won).toEqual({
      count: 4,
      totals: [
        { currency: "EUR", value: "300.50" },
        { currency: "GBP", value: "50.00" },
      ],
    });
    expect(page?.awards_given).toEqual({ count: 0, totals: [] });
    expect(page?.recent_awards.map((a) => [a.decided_at, a.lot, a.role])).toEqual([
      ["2026-03-01", "LOT-2", "supplier"],
      ["2026-01-02", "LOT-1", "supplier"],
      ["2025-12-31", "LOT-5", "supplier"],
      [null, "LOT-3", "supplier"],
    ]);
    expect(page?.recent_awards[1]?.winners).toEqual([
      { id: supplier, name: "Smallco Ltd" },
      { id: partner, name: "Partner Works Ltd" },
    ]);
    expect(page?.recent_awards[0]?.buyer).toEqual({ id: buyer, name: "Smallville Council" });
    expect(page?.recent_awards[2]?.buyer).toEqual({ id: null, name: expect.any(String) });
    expect(page?.top_buyers).toEqual([{ id: buyer, name: "Smallville Council", count: 3 }]);
  });

  it("sums what a buyer gave, and its suppliers by count", async () => {
    const page = await findOrganisationDetails(t.db, buyer);
    expect(page?.awards_given).toEqual({
      count: 3,
      totals: [
        { currency: "EUR", value: "300.50" },
        { currency: "GBP", value: "50.00" },
      ],
    });
    expect(page?.top_suppliers).toEqual([
      { id: supplier, name: "Smallco Ltd", count: 3 },
      { id: partner, name: "Partner Works Ltd", count: 1 },
    ]);
    expect(page?.recent_awards.every((a) => a.role === "buyer")).toBe(true);
    expect(page?.recent_awards).toHaveLength(3);
  });

  it("agrees with counting the awards themselves for the busiest generated supplier and buyer", async () => {
    const top = generatedOrganisationId("supplier", 1);
    const page = await findOrganisationDetails(t.db, top);
    const truth = await sql<{ currency: string | null; n: number; total: string | null }>`
      SELECT a.currency, count(DISTINCT a.id)::int AS n, sum(a.value)::text AS total
      FROM awards AS a WHERE a.id IN (SELECT award_id FROM award_winners WHERE organisation_id = ${top})
      GROUP BY a.currency ORDER BY a.currency`.execute(t.db);
    expect(page?.awards_won.count).toBe(truth.rows.reduce((sum, r) => sum + r.n, 0));
    expect(page?.awards_won.count).toBeGreaterThan(100);
    expect(page?.awards_won.totals).toEqual(
      truth.rows.flatMap((r) => (r.currency && r.total ? [{ currency: r.currency, value: r.total }] : [])),
    );
    const dates = page?.recent_awards.map((a) => a.decided_at ?? "") ?? [];
    expect(dates).toHaveLength(20);
    expect(dates).toEqual([...dates].sort().reverse());
    const counts = page?.top_buyers.map((b) => b.count) ?? [];
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const busiest = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM awards AS a JOIN award_winners AS w ON w.award_id = a.id
      WHERE w.organisation_id = ${top} GROUP BY a.buyer_organisation_id ORDER BY n DESC LIMIT 1`.execute(
      t.db,
    );
    expect(counts[0]).toBe(busiest.rows[0]?.n);
  });

  it("is undefined for an unknown id", async () => {
    expect(await findOrganisationDetails(t.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it.each([
    ["the busiest supplier", () => generatedOrganisationId("supplier", 1)],
    ["the busiest buyer", () => generatedOrganisationId("buyer", 1)],
    ["a small supplier", () => supplier],
  ])("reads %s through indexes only, never a scan of awards", async (_name, id) => {
    for (const query of [
      organisationAwardsWonSql(id()),
      organisationAwardsGivenSql(id()),
      organisationRecentAwardsSql(id()),
      organisationSpellingsSql(id()),
    ]) {
      const compiled = query.compile(t.db);
      const plan = await t.db.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
      );
      const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toMatch(/Index/);
      expect(text).not.toMatch(/Seq Scan/);
    }
  });
});
