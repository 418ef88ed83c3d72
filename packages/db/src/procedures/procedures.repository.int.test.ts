import { useTestDatabase } from "@tender/testing";
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { lockProcedure, procedureNoticesQuery } from "./procedures.repository.js";

const t = useTestDatabase({ source: "ted" });
let procedureId: string;

beforeAll(async () => {
  // 4,000 notices in 2,000 procedures of two notices each.
  await sql`
    INSERT INTO procedures (source_id, procedure_key)
    SELECT ${t.sourceId}::uuid, 'P-' || g FROM generate_series(1, 2000) AS g`.execute(t.db);
  await sql`
    INSERT INTO tenders (source_id, external_id, title, buyer_name, published_at, source_url, content_hash,
                         raw_payload, procedure_id, kind)
    SELECT ${t.sourceId}::uuid, 'N-' || g, 'T', 'B', now(), 'https://example.org/' || g, md5(g::text) || md5(g::text),
           '{}', p.id, CASE WHEN g % 2 = 0 THEN 'change' ELSE 'competition' END
    FROM generate_series(1, 4000) AS g JOIN procedures AS p ON p.procedure_key = 'P-' || ((g + 1) / 2)`.execute(
    t.db,
  );
  await sql`ANALYZE tenders`.execute(t.db);
  await sql`ANALYZE procedures`.execute(t.db);
  procedureId = await lockProcedure(t.db, t.sourceId, "P-7");
});

describe("linking reads one procedure", () => {
  it("finds the procedure by its (source, key) index and creates a missing one once", async () => {
    const again = await lockProcedure(t.db, t.sourceId, "P-7");
    expect(again).toBe(procedureId);
    const fresh = await lockProcedure(t.db, t.sourceId, "P-new");
    expect(await lockProcedure(t.db, t.sourceId, "P-new")).toBe(fresh);
    expect(fresh).not.toBe(procedureId);
  });

  it("reads that procedure's notices through tenders_procedure_idx, never the whole table", async () => {
    const compiled = procedureNoticesQuery(t.db, procedureId).compile();
    const plan = await t.db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
    );
    const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("tenders_procedure_idx");
    expect(text).not.toMatch(/Seq Scan on tenders/);
    expect(await procedureNoticesQuery(t.db, procedureId).execute()).toHaveLength(2);
  });
});
