import { nameSkeleton } from "@tender/organisations";
import { useMigrationSteps } from "@tender/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";

// 0033 gives rows stored before it what the code now writes: each confirmation request its
// mailbox (rate_key), each spelling the first notice that gives it and its look-alike skeleton.

const steps = useMigrationSteps();
const { migrateTo } = steps;

async function tender(externalId: string, publishedAt: string, buyer: string | null): Promise<string> {
  const row = await sql<{ id: string }>`
    INSERT INTO tenders (source_id, external_id, title, buyer_name, published_at, source_url, content_hash,
                         raw_payload, buyer_organisation_id)
    SELECT id, ${externalId}, 'Roads', 'Wiltshire Council', ${publishedAt}, 'https://example.org/n',
           ${"0".repeat(64)}, '{}'::jsonb, ${buyer}::uuid
    FROM sources WHERE code = 'find_a_tender' RETURNING id`.execute(steps.db);
  return row.rows[0]?.id as string;
}

describe("migration 0033-rate-keys-and-provenance", () => {
  it("folds stored addresses into mailboxes and gives stored spellings their notice and skeleton", async () => {
    await migrateTo("0030-award-cover");
    await sql`INSERT INTO sources (code) VALUES ('find_a_tender')`.execute(steps.db);
    const key = await sql<{ id: string }>`
      INSERT INTO api_keys (name, key_hash, limit_per_minute) VALUES ('k', ${"a".repeat(64)}, 60) RETURNING id`.execute(
      steps.db,
    );
    await sql`
      INSERT INTO email_confirmation_requests (api_key_id, address)
      VALUES (${key.rows[0]?.id}, 'Ann+tenders@Example.org'), (${key.rows[0]?.id}, 'bob@example.org')`.execute(
      steps.db,
    );
    const orgs = await sql<{ id: string; name: string }>`
      INSERT INTO organisations (org_key, name) VALUES ('w', 'Wiltshire Council'), ('b', 'Oxford Brookes')
      RETURNING id, name`.execute(steps.db);
    const [wiltshire, brookes] = orgs.rows.map((r) => r.id) as [string, string];
    await sql`
      INSERT INTO organisation_names (organisation_id, name)
      VALUES (${brookes}, 'OXFORD BROOKES LTD'), (${brookes}, 'Never in a notice')`.execute(steps.db);
    const later = await tender("later", "2026-05-01T00:00:00Z", wiltshire);
    const earlier = await tender("earlier", "2026-01-01T00:00:00Z", wiltshire);
    const award = await sql<{ id: string }>`
      INSERT INTO awards (tender_id, position) VALUES (${later}, 0) RETURNING id`.execute(steps.db);
    await sql`
      INSERT INTO award_winners (award_id, position, organisation_id, name)
      VALUES (${award.rows[0]?.id}, 0, ${brookes}, 'OXFORD BROOKES LTD')`.execute(steps.db);

    await migrateTo("0033-rate-keys-and-provenance");
    const keys = await sql<{ address: string; rate_key: string }>`
      SELECT address, rate_key FROM email_confirmation_requests ORDER BY address`.execute(steps.db);
    expect(keys.rows).toEqual([
      { address: "Ann+tenders@Example.org", rate_key: "ann@example.org" },
      { address: "bob@example.org", rate_key: "bob@example.org" },
    ]);
    const names = await sql<{ name: string; tender_id: string | null; skeleton: string }>`
      SELECT name, tender_id, skeleton FROM organisation_names ORDER BY name`.execute(steps.db);
    expect(names.rows).toEqual(
      [
        { name: "Never in a notice", tender_id: null },
        { name: "OXFORD BROOKES LTD", tender_id: later },
        { name: "Oxford Brookes", tender_id: null },
        // A buyer's spelling: the earliest notice that names it so.
        { name: "Wiltshire Council", tender_id: earlier },
      ].map((row) => ({ ...row, skeleton: nameSkeleton(row.name) })),
    );
    // Filling the columns left the search words alone; a new spelling still adds its words.
    await sql`INSERT INTO organisation_names (organisation_id, name) VALUES (${brookes}, 'Headington Hill')`.execute(
      steps.db,
    );
    const words = await sql<{
      w: string;
    }>`SELECT search_words::text AS w FROM organisations WHERE id = ${brookes}`.execute(steps.db);
    expect(words.rows[0]?.w).toContain("'headington'");

    await migrateTo("0030-award-cover");
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_name IN ('organisation_names', 'email_confirmation_requests') ORDER BY 1`.execute(steps.db);
    expect(columns.rows.map((r) => r.column_name)).not.toContain("skeleton");
    expect(columns.rows.map((r) => r.column_name)).not.toContain("rate_key");
  });
});
