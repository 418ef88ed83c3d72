import { createEmptyTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../create-db.js";
import { migrations } from "./index.js";

// 0031 keeps the keys a procedure owns (its ocid, its notices' ids) and drops those it took from
// its documents, which a procedure must never own (issue 32, finding 3); several procedures may
// then claim one key. Down keeps one claimant per key.

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
const keys = async () =>
  (
    await sql<{ notice_key: string; procedure_key: string }>`
      SELECT k.notice_key, p.procedure_key FROM procedure_notice_keys k JOIN procedures p ON p.id = k.procedure_id
      ORDER BY 1, 2`.execute(db)
  ).rows;

describe("migration 0031", () => {
  it("drops the keys a procedure took from its documents and lets two procedures claim one key", async () => {
    await migrateTo("0030-award-cover");
    await sql`INSERT INTO sources (code) VALUES ('find_a_tender') ON CONFLICT DO NOTHING`.execute(db);
    const procedures = await sql<{ id: string; procedure_key: string }>`
      INSERT INTO procedures (source_id, procedure_key)
      SELECT id, k FROM sources, unnest(ARRAY['ocds-h6vhtk-06a94b', 'ocds-h6vhtk-0bad01']) AS k
      WHERE code = 'find_a_tender' RETURNING id, procedure_key`.execute(db);
    const id = (key: string) => procedures.rows.find((p) => p.procedure_key === key)?.id as string;
    const [victim, squatter] = [id("ocds-h6vhtk-06a94b"), id("ocds-h6vhtk-0bad01")];
    await sql`
      INSERT INTO tenders (source_id, external_id, title, buyer_name, published_at, source_url, content_hash,
                           raw_payload, procedure_id)
      SELECT s.id, x.ext, 'Call', 'Haringey', now(), 'https://example.org', ${"0".repeat(64)}, '{}', x.p
      FROM sources s, (VALUES ('051000-2026', ${victim}::uuid), ('099999-2026', ${squatter}::uuid)) AS x(ext, p)
      WHERE s.code = 'find_a_tender'`.execute(db);
    // As 0028 stored them: the squatter took the victim's notice key from its documents.
    await sql`
      INSERT INTO procedure_notice_keys (notice_key, procedure_id) VALUES
        ('find-a-tender:ocid:ocds-h6vhtk-06a94b', ${victim}),
        ('find-a-tender:notice:051000-2026', ${squatter}),
        ('find-a-tender:ocid:ocds-h6vhtk-0bad01', ${squatter}),
        ('find-a-tender:notice:099999-2026', ${squatter})`.execute(db);
    await migrateTo("0031-procedure-owners");
    expect(await keys()).toEqual([
      { notice_key: "find-a-tender:notice:099999-2026", procedure_key: "ocds-h6vhtk-0bad01" },
      { notice_key: "find-a-tender:ocid:ocds-h6vhtk-06a94b", procedure_key: "ocds-h6vhtk-06a94b" },
      { notice_key: "find-a-tender:ocid:ocds-h6vhtk-0bad01", procedure_key: "ocds-h6vhtk-0bad01" },
    ]);
    // Two claims on one key are kept; down keeps one of them.
    await sql`INSERT INTO procedure_notice_keys (notice_key, procedure_id) VALUES
      ('find-a-tender:notice:051000-2026', ${victim}), ('find-a-tender:notice:051000-2026', ${squatter})`.execute(
      db,
    );
    expect((await keys()).filter((k) => k.notice_key.endsWith("051000-2026"))).toHaveLength(2);
    await migrateTo("0030-award-cover");
    expect((await keys()).filter((k) => k.notice_key.endsWith("051000-2026"))).toHaveLength(1);
    await migrateTo("0031-procedure-owners");
  });
});
