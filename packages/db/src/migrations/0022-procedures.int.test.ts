import { useMigrationSteps } from "@tender/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";

// 0022 adds the notice kind to the facet groups 0020 made: on a database upgraded with tenders
// in it, the groups must be refilled with the kind and then follow kind changes; down undoes it.

const steps = useMigrationSteps();
const { migrateTo } = steps;

/** The groups as rows of [countries, currency, kind?, tenders], empty groups left out. */
const groups = async () =>
  (
    await sql<Record<string, unknown>>`
      SELECT * FROM tender_facet_groups AS g WHERE tenders > 0
      ORDER BY countries, currency NULLS FIRST, to_jsonb(g) ->> 'kind'`.execute(steps.db)
  ).rows.map(({ countries, currency, kind, tenders }) =>
    kind === undefined ? [countries, currency, tenders] : [countries, currency, kind, tenders],
  );

describe("migration 0022-procedures", () => {
  it("refills the facet groups with each tender's kind, keeps them exact on a kind change, and takes the kind out on down", async () => {
    await migrateTo("0021-saved-search-match-keys");
    await sql`INSERT INTO sources (code) VALUES ('ted')`.execute(steps.db);
    for (const [n, countries, currency] of [
      [1, ["FR"], "EUR"],
      [2, ["FR"], "EUR"],
      [3, ["DE"], null],
    ] as const) {
      await sql`
        INSERT INTO tenders (source_id, external_id, title, buyer_name, currency, published_at, source_url,
                             content_hash, raw_payload, countries, cpv_codes)
        SELECT id, ${`m-${n}`}, 'T', 'B', ${currency}, now(), 'https://example.org/t', ${"a".repeat(64)}, '{}',
               ${countries}::text[], '{}' FROM sources`.execute(steps.db);
    }
    expect(await groups()).toEqual([
      [["DE"], null, 1],
      [["FR"], "EUR", 2],
    ]);

    await migrateTo("0022-procedures");
    expect(await groups()).toEqual([
      [["DE"], null, "competition", 1],
      [["FR"], "EUR", "competition", 2],
    ]);
    await sql`UPDATE tenders SET kind = 'change' WHERE external_id = 'm-2'`.execute(steps.db);
    await sql`UPDATE tenders SET title = 'retitled' WHERE external_id = 'm-1'`.execute(steps.db);
    expect(await groups()).toEqual([
      [["DE"], null, "competition", 1],
      [["FR"], "EUR", "change", 1],
      [["FR"], "EUR", "competition", 1],
    ]);

    await migrateTo("0021-saved-search-match-keys");
    expect(await groups()).toEqual([
      [["DE"], null, 1],
      [["FR"], "EUR", 2],
    ]);
    await sql`UPDATE tenders SET currency = 'GBP' WHERE external_id = 'm-3'`.execute(steps.db);
    expect(await groups()).toEqual([
      [["DE"], "GBP", 1],
      [["FR"], "EUR", 2],
    ]);
  });
});
