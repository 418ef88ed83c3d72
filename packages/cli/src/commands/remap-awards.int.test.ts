import { readFileSync } from "node:fs";
import { ensureSource } from "@tender/db";
import { FTS_FIXTURES, ftsFixturePath } from "@tender/source-find-a-tender/testing";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

const releases = (name: string) =>
  (JSON.parse(readFileSync(ftsFixturePath(name), "utf8")) as { releases: Record<string, unknown>[] })
    .releases;

let t: TestDatabase;
const env = () => ({ DATABASE_URL: t.url, BUS_PREFIX: "tcliremapawards" });

// Find a Tender releases stored before awards were mapped: remap reads them from raw_payload.
beforeAll(async () => {
  t = await createTestDatabase();
  const source = await ensureSource(t.db, "find_a_tender");
  const stored = [...releases(FTS_FIXTURES.awardRelease), ...releases(FTS_FIXTURES.lifecyclePage)];
  for (const [i, release] of stored.entries()) {
    await t.db
      .insertInto("tenders")
      .values({
        source_id: source.id,
        external_id: release.id as string,
        title: `Release ${i}`,
        buyer_name: "Buyer",
        published_at: "2026-09-03T00:00:00Z",
        source_url: `https://www.find-tender.service.gov.uk/Notice/${i}`,
        content_hash: "a".repeat(64),
        raw_payload: JSON.stringify(release),
      })
      .execute();
  }
});
afterAll(() => t.destroy());

describe("tender remap of awards", () => {
  it("maps the awards and organisations of stored OCDS releases, and changes nothing the second time", async () => {
    const run = await runCaptured(["remap", "--source", "find_a_tender"], env());
    expect(run.code).toBe(0);
    const awards = await sql<{ external_id: string; value: string; contract_end: string; winner: string }>`
      SELECT t.external_id, a.value, a.contract_end, w.name AS winner
      FROM awards a JOIN tenders t ON t.id = a.tender_id
      LEFT JOIN award_winners w ON w.award_id = a.id
      ORDER BY t.external_id`.execute(t.db);
    expect(awards.rows).toEqual([
      {
        external_id: "083608-2026",
        value: "0.01",
        contract_end: "2026-09-20",
        winner: "star cab daventry limited",
      },
      {
        external_id: "083650-2026",
        value: "32800.00",
        contract_end: "2027-03-31",
        winner: "Oxford Brookes Enterprises Limited",
      },
      { external_id: "083674-2026", value: "35000.00", contract_end: "2026-08-21", winner: null },
    ]);
    const buyers = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM tenders t JOIN organisations o ON o.id = t.buyer_organisation_id
      WHERE o.is_buyer`.execute(t.db);
    expect(buyers.rows[0]?.n).toBe(6);
    const again = await runCaptured(["remap", "--source", "find_a_tender"], env());
    expect(again.stdout.trim().split("\n").at(-1)).toBe("remapped find_a_tender: 6 tenders read, 0 changed");
  });
});
