import { type FacetCountsRow, NOTICE_KINDS, type NoticeKind, type TenderFilters } from "@tender/contracts";
import { upsertTenderInput, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../create-db.js";
import { ensureSource } from "../ingest/sources.repository.js";
import { upsertTender } from "../ingest/tenders.repository.js";
import { lockProcedure, setTenderProcedure } from "../procedures/procedures.repository.js";
import { countTenderFacets } from "./tender-facet-counts.repository.js";
import { tenderFacetGroupFilterSql } from "./tender-facet-groups-sql.js";
import { setTenderFacets } from "./tender-facets.repository.js";

const t = useTestDatabase();
const NOW = new Date("2026-10-01T00:00:00Z");
const SOURCES = ["ted", "contracts_finder"] as const;
const COUNTRIES = ["FR", "DE", "GB", "IT"];
const CODES = ["45233141", "45000000", "72000000", "72212000", "33100000"];
const CURRENCIES = ["EUR", "GBP"];
let sourceIds: Record<string, string>;

interface Stored {
  source: string;
  countries: string[];
  cpv_codes: string[];
  currency: string | null;
  kind: NoticeKind;
  /** False once another notice supersedes it (`current` filter). */
  current: boolean;
}

const tender = fc.record({
  source: fc.constantFrom(...SOURCES),
  // Duplicates too: the database allows them, and a facet counts each listed country.
  countries: fc.array(fc.constantFrom(...COUNTRIES), { maxLength: 3 }),
  cpv_codes: fc.array(fc.constantFrom(...CODES), { maxLength: 3 }),
  currency: fc.option(fc.constantFrom(...CURRENCIES), { freq: 3 }),
  kind: fc.constantFrom(...NOTICE_KINDS),
});
const filters: fc.Arbitrary<TenderFilters> = fc.record(
  {
    sources: fc.uniqueArray(fc.constantFrom(...SOURCES), { minLength: 1 }),
    countries: fc.uniqueArray(fc.constantFrom(...COUNTRIES, "ES"), { minLength: 1, maxLength: 2 }),
    cpv: fc.uniqueArray(fc.constantFrom("45", "72", "33", "99", "452", "4523", "72212000"), {
      minLength: 1,
      maxLength: 2,
    }),
    currency: fc.constantFrom(...CURRENCIES),
    kinds: fc.uniqueArray(fc.constantFrom(...NOTICE_KINDS), { minLength: 1, maxLength: 3 }),
    current: fc.boolean(),
  },
  { requiredKeys: [] },
);
/** What happens to the tenders between two counts: inserts, facet changes, deletes. */
const change = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), tender }),
  fc.record({ kind: fc.constant("remap" as const), at: fc.nat(), tender }),
  fc.record({
    kind: fc.constant("currency" as const),
    at: fc.nat(),
    currency: fc.option(fc.constantFrom(...CURRENCIES)),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  // The remap or the ingest stores the notice's kind in its procedure.
  fc.record({ kind: fc.constant("notice" as const), at: fc.nat(), notice: fc.constantFrom(...NOTICE_KINDS) }),
  // A change notice supersedes another notice, or a relink makes it current again (null).
  fc.record({ kind: fc.constant("supersede" as const), at: fc.nat(), by: fc.option(fc.nat()) }),
);

async function insert(
  row: Omit<Stored, "current" | "kind"> & { kind?: NoticeKind },
  n: number,
): Promise<void> {
  await sql`
    INSERT INTO tenders (source_id, external_id, title, buyer_name, currency, published_at, source_url,
                         content_hash, raw_payload, countries, cpv_codes, kind)
    VALUES (${sourceIds[row.source]}, ${`f-${n}`}, 'Facet', 'Buyer', ${row.currency}, now(),
            'https://example.org/f', ${"b".repeat(64)}, '{}', ${row.countries}::text[], ${row.cpv_codes}::text[],
            ${row.kind ?? "competition"})`.execute(t.db);
}

/** The facets computed here, from the stored rows, by the rules of docs/api.md#facets. */
function bruteForce(rows: Stored[], f: TenderFilters): FacetCountsRow {
  const matching = rows.filter(
    (r) =>
      (!f.sources || f.sources.includes(r.source as (typeof SOURCES)[number])) &&
      (!f.countries || r.countries.some((c) => f.countries?.includes(c))) &&
      (!f.cpv || r.cpv_codes.some((code) => f.cpv?.some((prefix) => code.startsWith(prefix)))) &&
      (f.currency === undefined || r.currency === f.currency) &&
      (!f.kinds || f.kinds.includes(r.kind)) &&
      (f.current !== true || r.current),
  );
  const counted = (values: (string | null)[]) => {
    const counts = new Map<string, number>();
    for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1))
      .slice(0, 50);
  };
  return {
    total: matching.length,
    sources: counted(matching.map((r) => r.source)),
    countries: counted(matching.flatMap((r) => r.countries)),
    cpv_divisions: counted(matching.flatMap((r) => [...new Set(r.cpv_codes.map((c) => c.slice(0, 2)))])),
    currencies: counted(matching.map((r) => r.currency)),
    kinds: counted(matching.map((r) => r.kind)),
  };
}

async function storedRows(): Promise<(Stored & { id: string })[]> {
  return (
    await sql<Stored & { id: string }>`
      SELECT t.id, s.code AS source, t.countries, t.cpv_codes, t.currency, t.kind,
             t.superseded_by IS NULL AS current
      FROM tenders AS t JOIN sources AS s ON s.id = t.source_id ORDER BY t.external_id`.execute(t.db)
  ).rows;
}

beforeAll(async () => {
  sourceIds = {};
  for (const code of SOURCES) sourceIds[code] = (await ensureSource(t.db, code)).id;
});

describe("countTenderFacets", () => {
  it("equals a brute-force count, through the groups and through the tenders, after any inserts, remaps, currency and kind changes, supersessions and deletes", async () => {
    let n = 0;
    const procedureId = await lockProcedure(t.db, sourceIds.ted as string, "facet-procedure");
    await fc.assert(
      fc.asyncProperty(
        fc.array(tender, { maxLength: 12 }),
        fc.array(change, { maxLength: 10 }),
        fc.array(filters, { minLength: 1, maxLength: 4 }),
        async (initial, changes, filterSets) => {
          await sql`DELETE FROM tenders`.execute(t.db);
          for (const row of initial) await insert(row, n++);
          for (const c of changes) {
            const rows = await storedRows();
            const target = "at" in c ? rows[c.at % Math.max(rows.length, 1)] : undefined;
            if (c.kind === "insert") await insert(c.tender, n++);
            else if (!target) continue;
            else if (c.kind === "remap") await setTenderFacets(t.db, target.id, c.tender);
            else if (c.kind === "currency")
              await sql`UPDATE tenders SET currency = ${c.currency} WHERE id = ${target.id}`.execute(t.db);
            else if (c.kind === "notice")
              await setTenderProcedure(t.db, target.id, {
                procedureId,
                kind: c.notice,
                supersedesExternalId: null,
              });
            else if (c.kind === "supersede") {
              const by = c.by === null ? null : (rows[c.by % rows.length]?.id ?? null);
              await sql`UPDATE tenders SET superseded_by = ${by} WHERE id = ${target.id}`.execute(t.db);
            } else await sql`DELETE FROM tenders WHERE id = ${target.id}`.execute(t.db);
          }
          const rows = await storedRows();
          for (const f of [{}, ...filterSets]) {
            const expected = bruteForce(rows, f);
            expect(await countTenderFacets(t.db, f, NOW)).toEqual(expected);
            // A filter every tender passes sends the count through the tenders themselves.
            const scanned = { ...f, published_from: "2000-01-01T00:00:00.000Z" };
            expect(await countTenderFacets(t.db, scanned, NOW)).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("adds up the groups for kinds filters, and counts the tenders themselves for current", () => {
    expect(tenderFacetGroupFilterSql({ kinds: ["change"], sources: ["ted"], cpv: ["45"] })).toBeDefined();
    expect(tenderFacetGroupFilterSql({ kinds: ["result"], current: false })).toBeDefined();
    expect(tenderFacetGroupFilterSql({ kinds: ["result"], current: true })).toBeUndefined();
    expect(tenderFacetGroupFilterSql({ current: true })).toBeUndefined();
  });

  it("stays exact under concurrent transactions writing the same groups", async () => {
    await sql`DELETE FROM tenders`.execute(t.db);
    const writers = createDb(t.url, { max: 4 });
    try {
      await Promise.all(
        Array.from({ length: 4 }, (_, w) =>
          writers.transaction().execute(async (trx) => {
            for (let i = 0; i < 25; i++) {
              const row = {
                source: SOURCES[i % 2] as string,
                countries: [COUNTRIES[i % 3] as string],
                cpv_codes: [CODES[(i + w) % 2] as string],
                currency: i % 4 === 0 ? null : "EUR",
              };
              await sql`
                INSERT INTO tenders (source_id, external_id, title, buyer_name, currency, published_at, source_url,
                                     content_hash, raw_payload, countries, cpv_codes)
                VALUES (${sourceIds[row.source]}, ${`c-${w}-${i}`}, 'Facet', 'Buyer', ${row.currency}, now(),
                        'https://example.org/f', ${"b".repeat(64)}, '{}', ${row.countries}::text[], ${row.cpv_codes}::text[])`.execute(
                trx,
              );
              if (i % 5 === 4)
                await sql`DELETE FROM tenders WHERE external_id = ${`c-${w}-${i - 1}`}`.execute(trx);
            }
          }),
        ),
      );
    } finally {
      await writers.destroy();
    }
    const rows = await storedRows();
    expect(rows).toHaveLength(80);
    expect(await countTenderFacets(t.db, undefined, NOW)).toEqual(bruteForce(rows, {}));
    expect(await countTenderFacets(t.db, { countries: ["FR"] }, NOW)).toEqual(
      bruteForce(rows, { countries: ["FR"] }),
    );
  });

  it("follows the ingest's upsert: a changed tender moves to its new group, an unchanged one stays", async () => {
    await sql`DELETE FROM tenders`.execute(t.db);
    const first = upsertTenderInput(sourceIds.ted as string, { countries: ["FR"], cpv_codes: ["45000000"] });
    await upsertTender(t.db, first);
    await upsertTender(t.db, first);
    const changed = { ...first, currency: "GBP", countries: ["DE", "DE"], contentHash: "b".repeat(64) };
    expect((await upsertTender(t.db, changed)).outcome).toBe("changed");
    const rows = await storedRows();
    expect(rows).toMatchObject([{ countries: ["DE", "DE"], currency: "GBP" }]);
    for (const f of [{}, { countries: ["DE"] }, { countries: ["FR"] }, { currency: "EUR" }]) {
      expect(await countTenderFacets(t.db, f, NOW)).toEqual(bruteForce(rows, f));
    }
  });

  it("a truncated tenders table counts nothing", async () => {
    await insert({ source: "ted", countries: ["FR"], cpv_codes: [], currency: "EUR" }, 1_000_000);
    expect((await countTenderFacets(t.db, undefined, NOW)).total).toBeGreaterThan(0);
    await sql`TRUNCATE tenders CASCADE`.execute(t.db);
    expect(await countTenderFacets(t.db, undefined, NOW)).toEqual({
      total: 0,
      sources: [],
      countries: [],
      cpv_divisions: [],
      currencies: [],
      kinds: [],
    });
  });
});
