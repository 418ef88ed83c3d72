import { organisationSearchTerms } from "@tender/organisations";
import {
  insertGeneratedOrganisations,
  insertGeneratedTenders,
  type PlanNode,
  planNodes,
  useTestDatabase,
} from "@tender/testing";
import fc from "fast-check";
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type OrganisationSearchInput,
  organisationSearchSql,
  searchOrganisations,
} from "./organisation-search.repository.js";

const t = useTestDatabase();

async function organisation(name: string, extra: Record<string, string | boolean | null> = {}) {
  const key = `TEST:${name}`;
  const row = await t.db
    .insertInto("organisations")
    .values({ org_key: key, name, country: "GB", is_supplier: true, ...extra })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

let acme: string;
let acmeWidgets: string;
let muller: string;
let registered: string;
let renamed: string;

beforeAll(async () => {
  await insertGeneratedTenders(t.db, { count: 20_000 });
  await insertGeneratedOrganisations(t.db, {
    buyers: 500,
    suppliers: 20_000,
    awards: 15_000,
    tenders: 20_000,
  });
  acme = await organisation("ACME Limited");
  acmeWidgets = await organisation("Northern Acme Widgets Ltd", { country: "IE" });
  muller = await organisation("Müller & Söhne GmbH & Co. KG", {
    country: "DE",
    is_buyer: true,
    is_supplier: false,
  });
  registered = await organisation("Registered Holdings PLC", { identifier: "01234567", scheme: "GB-COH" });
  renamed = await organisation("Quillfeather Analytics Ltd");
  await t.db
    .insertInto("organisation_names")
    .values([
      { organisation_id: renamed, name: "Zebrafinch Data Limited" },
      { organisation_id: acme, name: "Acme Ltd" },
    ])
    .execute();
  // As autovacuum would: the GIN pending list merged, the trigger's dead row versions gone.
  for (const table of ["organisations", "organisation_names", "awards", "award_winners", "tenders"]) {
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(t.db);
  }
}, 120_000);

const search = (q: string | undefined, extra: Partial<OrganisationSearchInput> = {}) =>
  searchOrganisations(t.db, {
    limit: 20,
    ...(q === undefined ? {} : { terms: organisationSearchTerms(q) }),
    ...extra,
  });

describe("searchOrganisations", () => {
  it("finds a name whatever its legal form, case and accents: 'acme ltd' finds ACME Limited first", async () => {
    const rows = await search("acme ltd");
    expect(rows[0]?.id).toBe(acme);
    expect(rows.map((r) => r.id)).toContain(acmeWidgets);
    expect(rows.findIndex((r) => r.id === acmeWidgets)).toBeGreaterThan(0);
    expect((await search("MULLER & sohne")).map((r) => r.id)).toEqual([muller]);
    expect((await search("söhne")).map((r) => r.id)).toEqual([muller]);
  });

  it("matches words of any spelling, the last word as a prefix", async () => {
    expect((await search("zebrafinch da")).map((r) => r.id)).toEqual([renamed]);
    expect((await search("widg")).map((r) => r.id)).toContain(acmeWidgets);
    expect(await search("zebrafinch nothing")).toEqual([]);
  });

  it("finds a registered identifier exactly, with or without its scheme, before any name", async () => {
    for (const q of ["01234567", "GB-COH-01234567", "gb-coh 0123 4567", "0123.4567"]) {
      const rows = await search(q);
      expect(rows[0]?.id, q).toBe(registered);
      expect(rows[0]?.position.tier).toBe(0);
    }
  });

  it("filters every tier by role and country", async () => {
    expect(await search("muller", { role: "supplier" })).toEqual([]);
    expect((await search("muller", { role: "buyer", country: "DE" })).map((r) => r.id)).toEqual([muller]);
    const irish = await search("acme", { country: "IE" });
    expect(irish.map((r) => r.id)).toEqual([acmeWidgets]);
    const buyers = await search(undefined, { role: "buyer", country: "FR", limit: 50 });
    expect(buyers.length).toBeGreaterThan(0);
    for (const row of buyers) expect([row.is_buyer, row.country]).toEqual([true, "FR"]);
  });

  it("walks every match once, in order, page by page", async () => {
    for (const q of [undefined, "engineering", "ka", "services"]) {
      const terms = q === undefined ? {} : { terms: organisationSearchTerms(q) };
      const all = await searchOrganisations(t.db, { ...terms, limit: 1500 });
      expect(all.length, String(q)).toBeGreaterThan(100);
      const walked: string[] = [];
      let after: OrganisationSearchInput["after"];
      while (walked.length < all.length) {
        const rows = await searchOrganisations(t.db, { ...terms, limit: 97, ...(after ? { after } : {}) });
        if (rows.length === 0) break;
        walked.push(...rows.map((r) => r.id));
        after = rows.at(-1)?.position;
      }
      expect(walked.slice(0, all.length)).toEqual(all.map((r) => r.id));
      expect(new Set(walked).size).toBe(walked.length);
      const keys = all.map((r) => [r.position.tier, r.position.name, r.id] as const);
      const sorted = [...keys].sort((a, b) =>
        a[0] !== b[0] ? a[0] - b[0] : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] < b[2] ? -1 : 1,
      );
      expect(keys).toEqual(sorted);
    }
  });

  it("stores any number of long spellings, bounded, and still finds the organisation by its name", async () => {
    const hoarder = await organisation("Hoarder Of Names Ltd");
    const word = (i: number, j: number) => `w${((i * 7919 + j * 104729) % 999_983).toString(36)}x${j}`;
    for (let i = 0; i < 40; i++) {
      const spellings = Array.from({ length: 10 }, (_, k) =>
        Array.from({ length: 90 }, (_, j) => word(i * 10 + k, j)).join(" "),
      );
      await t.db
        .insertInto("organisation_names")
        .values(spellings.map((name) => ({ organisation_id: hoarder, name })))
        .execute();
    }
    const size = await sql<{ bytes: number }>`
      SELECT pg_column_size(search_words) AS bytes FROM organisations WHERE id = ${hoarder}`.execute(t.db);
    expect(size.rows[0]?.bytes).toBeLessThan(300_000);
    expect((await search("hoarder of names")).map((r) => r.id)).toEqual([hoarder]);
    await t.db
      .deleteFrom("organisation_names")
      .where("organisation_id", "=", hoarder)
      .where("name", "like", "w%")
      .execute();
    const after = await sql<{
      words: string;
    }>`SELECT search_words::text AS words FROM organisations WHERE id = ${hoarder}`.execute(t.db);
    expect(after.rows[0]?.words).toBe("'hoarder' 'ltd' 'names' 'of'");
  });

  it("walks from one tier into the next: a page of one ends with the prefix match, the next holds the word match", async () => {
    const terms = organisationSearchTerms("acme");
    const first = await searchOrganisations(t.db, { terms, limit: 1 });
    expect(first.map((r) => [r.id, r.position.tier])).toEqual([[acme, 1]]);
    const second = await searchOrganisations(t.db, { terms, limit: 1, after: first[0]?.position });
    expect(second.map((r) => [r.id, r.position.tier])).toEqual([[acmeWidgets, 2]]);
    expect(await searchOrganisations(t.db, { terms, limit: 1, after: second[0]?.position })).toEqual([]);
  });

  it("never fails on any text, and finds nothing for text without a letter, digit or identifier", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 60 }), async (q) => {
        const rows = await search(q.replaceAll("\u0000", ""));
        expect(rows.length).toBeLessThanOrEqual(20);
      }),
      { numRuns: 60 },
    );
    expect(await search("--- !!! ---")).toEqual([]);
  });
});

async function plan(input: OrganisationSearchInput, part: "named" | "worded"): Promise<PlanNode[]> {
  const compiled = organisationSearchSql(input, part).compile(t.db);
  const result = await t.db.executeQuery<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  return planNodes(result.rows);
}

describe("organisationSearchSql reads indexes only", () => {
  it.each([
    ["a name", "kalo"],
    ["two words", "acme widgets"],
    ["a common word", "engineering"],
    ["an identifier", "GB-COH-01234567"],
    ["nothing", undefined],
  ])("%s", async (_name, q) => {
    for (const extra of [{}, { country: "DE" }, { role: "buyer" as const }]) {
      for (const part of ["named", "worded"] as const) {
        const input = { limit: 21, ...(q ? { terms: organisationSearchTerms(q) } : {}), ...extra };
        const scans = (await plan(input, part)).filter((n) => n["Node Type"].includes("Scan"));
        expect(scans.length).toBeGreaterThan(0);
        for (const scan of scans) expect(scan["Node Type"], JSON.stringify(scan)).not.toBe("Seq Scan");
      }
    }
  });
});
