import { useTestDatabase } from "@tender/testing";
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { searchChunksSql } from "./search.repository.js";

const t = useTestDatabase({ source: "ted" });
const DIMS = 1024;
const query = Array.from({ length: DIMS }, (_, j) => (j === 0 ? 1 : 0));

/** The plan of the statement `searchChunks` would run, as text. */
async function plan(filters: Parameters<typeof searchChunksSql>[0]["filters"]): Promise<string> {
  const statement = searchChunksSql({
    embedding: query,
    model: "test",
    minScore: -1,
    limit: 10,
    ...(filters ? { filters } : {}),
  });
  if (!statement) throw new Error("the query has a compact form");
  const compiled = statement.compile(t.db);
  const rows = await t.db.executeQuery<{ "QUERY PLAN": string }>(
    CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
  );
  return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

beforeAll(async () => {
  // 2,000 tenders × 10 chunks; 2 % of the tenders in FR, the rest in DE.
  await sql`
    INSERT INTO tenders (source_id, external_id, title, buyer_name, published_at, source_url, content_hash,
                         raw_payload, countries)
    SELECT ${t.sourceId}::uuid, 'P-' || g, 'Tender ' || g, 'Buyer', now(), 'https://example.org/' || g,
           md5(g::text) || md5(g::text), '{}', CASE WHEN g % 50 = 0 THEN '{FR}'::text[] ELSE '{DE}' END
    FROM generate_series(1, 2000) AS g`.execute(t.db);
  await sql`
    INSERT INTO chunks (tender_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
    SELECT t.id, encode(sha256(convert_to(t.id::text || i, 'UTF8')), 'hex'), 'chunk', 
           array_fill(0.03125::real, ARRAY[1024])::vector, 'test', i, 'metadata', repeat('c', 64)
    FROM tenders AS t CROSS JOIN generate_series(1, 10) AS i`.execute(t.db);
  await sql`ANALYZE tenders`.execute(t.db);
  await sql`ANALYZE chunks`.execute(t.db);
});

describe("filtered search plans (EXPLAIN)", () => {
  it("a selective filter reaches only the matching tenders' chunks, through chunks(tender_id)", async () => {
    // chunks(embedding_model, tender_id) or chunks(tender_id): both reach a tender's chunks directly.
    const byTender = /Index Scan using chunks_(embedding_model|tender_id)_idx on chunks/;
    expect(await plan({ countries: ["FR"] })).toMatch(byTender);
    const ids = await sql<{ id: string }>`SELECT id FROM tenders LIMIT 3`.execute(t.db);
    expect(await plan({ tender_ids: ids.rows.map((r) => r.id) })).toMatch(byTender);
  });

  it("without filters the plan is the compact scan of every chunk, as before", async () => {
    const text = await plan(undefined);
    expect(text).toMatch(/Seq Scan on chunks/);
    expect(text).not.toMatch(/tenders t_1|Hash Join|Semi Join/);
  });
});
