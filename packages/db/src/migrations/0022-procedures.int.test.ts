import { createEmptyTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../create-db.js";
import { migrations } from "./index.js";

// 0022 adds the notice kind to the facet groups 0020 made: on a database upgraded with tenders
// in it, the groups must be refilled with the kind and then follow kind changes; down undoes it.

let target: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
let db: ReturnType<typeof createDb>;
let migrator: Migrator;

beforeAll(async () => {
  target = await createEmptyTestDatabase();
  db = createDb(target.url, { max: 1 });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
});
afterAll(async () => {
  await db.destroy();
  await target.destroy();
});

const migrateTo = async (name: string) => {
  const result = await migrator.migrateTo(name);
  expect(result.error).toBeUndefined();
};

/** The groups as rows of [countries, currency, kind?, tenders], empty groups left out. */
const groups = async () =>
  (
    await sql<Record<string, unknown>>`
      SELECT * FROM tender_facet_groups AS g WHERE tenders > 0
      ORDER BY countries, currency NULLS FIRST, to_jsonb(g) ->> 'kind'`.execute(db)
  ).rows.map(({ countries, currency, kind, tenders }) =>
    kind === undefined ? [countries, currency, tenders] : [countries, currency, kind, tenders],
  );

describe("migration 0022-procedures", () => {
  it("refills the facet groups with each tender's kind, keeps them exact on a kind change, and takes the kind out on down", async () => {
    await migrateTo("0021-saved-search-match-keys");
    await sql`INSERT INTO sources (code) VALUES ('ted')`.execute(db);
    for (const [n, countries, currency] of [
      [1, ["FR"], "EUR"],
      [2, ["FR"], "EUR"],
      [3, ["DE"], null],
    ] as const) {
      await sql`
        INSERT INTO tenders (source_id, external_id, title, buyer_name, currency, published_at, source_url,
                             content_hash, raw_payload, countries, cpv_codes)
        SELECT id, ${`m-${n}`}, 'T', 'B', ${currency}, now(), 'https://example.org/t', ${"a".repeat(64)}, '{}',
               ${countries}::text[], '{}' FROM sources`.execute(db);
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
    await sql`UPDATE tenders SET kind = 'change' WHERE external_id = 'm-2'`.execute(db);
    await sql`UPDATE tenders SET title = 'retitled' WHERE external_id = 'm-1'`.execute(db);
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
    await sql`UPDATE tenders SET currency = 'GBP' WHERE external_id = 'm-3'`.execute(db);
    expect(await groups()).toEqual([
      [["DE"], "GBP", 1],
      [["FR"], "EUR", 2],
    ]);
  });
});
