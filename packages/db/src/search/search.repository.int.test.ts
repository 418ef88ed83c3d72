import { createTestDatabase, holdTableLock, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "../create-db.js";
import { listAttachmentsForTender, syncTenderAttachments } from "../documents/attachments.repository.js";
import { type NewChunk, replaceTenderChunks } from "../indexing/chunks.repository.js";
import { ensureSource } from "../ingest/sources.repository.js";
import { upsertTender } from "../ingest/tenders.repository.js";
import { type SearchChunksInput, searchChunks } from "./search.repository.js";
import { searchSettings } from "./search-settings.js";

const DIMS = 1024;
const basis = (i: number, sign = 1) => Array.from({ length: DIMS }, (_, j) => (j === i ? sign : 0));
const diagonal = Array.from({ length: DIMS }, (_, j) => (j < 2 ? Math.SQRT1_2 : 0));
let t: TestDatabase;
let tenderId: string;
let attachmentId: string;

function chunk(
  content: string,
  embedding: number[],
  position: number,
  attachment: string | null = null,
  model = "test",
): NewChunk {
  return {
    attachmentId: attachment,
    chunkKey: position.toString(16).padStart(64, "0"),
    content,
    embedding,
    embeddingModel: model,
    position,
    section: "test",
    contentHash: "c".repeat(64),
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  const source = await ensureSource(t.db, "ted");
  ({ id: tenderId } = await upsertTender(t.db, {
    sourceId: source.id,
    external_id: "S-1",
    title: "Vectors",
    description: null,
    buyer_name: "Buyer",
    amount: null,
    currency: null,
    published_at: "2026-01-01T00:00:00Z",
    deadline: null,
    source_url: "https://example.org/s-1",
    contentHash: "a".repeat(64),
    rawPayload: {},
  }));
  await syncTenderAttachments(t.db, tenderId, [
    {
      external_id: null,
      title: null,
      filename: "a.pdf",
      source_url: "https://example.org/a.pdf",
      content_type: null,
    },
  ]);
  attachmentId = (await listAttachmentsForTender(t.db, tenderId))[0]?.id as string;
  await replaceTenderChunks(t.db, tenderId, [
    chunk("same direction", basis(0), 0),
    chunk("halfway", diagonal, 1, attachmentId),
    chunk("orthogonal", basis(1), 2),
    chunk("opposite", basis(0, -1), 3),
    // A zero vector has no direction: never a match, whatever the threshold.
    chunk("zero", new Array(DIMS).fill(0), 4),
    // Vectors of another model are not comparable with the query's, however close they look.
    chunk("other model", basis(0), 5, null, "older-model"),
  ]);
});
afterAll(() => t.destroy());

const search = (input: Omit<SearchChunksInput, "model">) => searchChunks(t.db, { ...input, model: "test" });

describe("searchChunks", () => {
  it("scores 1 − cosine distance, closest first, joined with tender, source and attachment", async () => {
    const matches = await search({ embedding: basis(0), minScore: -1, limit: 10 });
    expect(matches.map((m) => [m.content, m.score])).toEqual([
      ["same direction", 1],
      ["halfway", expect.closeTo(Math.SQRT1_2, 6)],
      ["orthogonal", 0],
      ["opposite", -1],
    ]);
    expect(matches[1]).toMatchObject({
      tender_id: tenderId,
      title: "Vectors",
      source: "ted",
      source_url: "https://example.org/s-1",
      attachment_id: attachmentId,
      attachment_filename: "a.pdf",
    });
    expect(matches[0]).toMatchObject({ attachment_id: null, attachment_filename: null });
  });

  it("drops scores below minScore and cuts to limit", async () => {
    const above = await search({ embedding: basis(0), minScore: 0.5, limit: 10 });
    expect(above.map((m) => m.content)).toEqual(["same direction", "halfway"]);
    const exact = await search({ embedding: basis(0), minScore: 0, limit: 10 });
    expect(exact.map((m) => m.content)).toEqual(["same direction", "halfway", "orthogonal"]);
    const one = await search({ embedding: basis(0), minScore: -1, limit: 1 });
    expect(one.map((m) => m.content)).toEqual(["same direction"]);
    const none = await search({ embedding: basis(5), minScore: 0.2, limit: 10 });
    expect(none).toEqual([]);
  });

  it("is exact: the migrations put no approximate index on chunks for the planner to pick", async () => {
    // docs/api.md#search: the scan is exact. An HNSW or IVFFlat index answers ORDER BY distance from a
    // graph or from lists, approximately; only b-trees (ids, keys, foreign keys) belong here, and
    // the GIN of hybrid Search's words (migration 0038), which can order nothing by distance.
    const { rows } = await sql<{ index: string; method: string; definition: string }>`
      SELECT c.relname AS index, am.amname AS method, pg_get_indexdef(c.oid) AS definition
      FROM pg_index AS i
      JOIN pg_class AS c ON c.oid = i.indexrelid
      JOIN pg_am AS am ON am.oid = c.relam
      WHERE i.indrelid = 'chunks'::regclass`.execute(t.db);
    expect(rows.length).toBeGreaterThan(0);
    // Similar contracts' HNSW (migration 0041) orders by `embedding_half <=>`, an operator Search
    // never orders by: Search's two orders (below) keep their exact plans.
    expect(
      rows
        .filter((r) => r.method !== "btree")
        .map((r) => r.definition)
        .sort(),
    ).toEqual([
      "CREATE INDEX chunks_lexemes_idx ON public.chunks USING gin (lexemes)",
      "CREATE INDEX chunks_metadata_half_hnsw_idx ON public.chunks USING hnsw (embedding_half halfvec_cosine_ops) WHERE (attachment_id IS NULL)",
    ]);
    const vector = `[${Array.from({ length: 1024 }, (_, i) => (i === 0 ? 1 : 0)).join(",")}]`;
    for (const order of [
      sql`c.embedding <=> ${vector}::vector`,
      sql`c.embedding_half <#> ${vector}::halfvec(1024)`,
    ]) {
      await sql`SET enable_seqscan = off`.execute(t.db);
      const plan = await sql<Record<string, string>>`
        EXPLAIN SELECT c.id FROM chunks AS c WHERE c.attachment_id IS NULL ORDER BY ${order} LIMIT 10`.execute(
        t.db,
      );
      await sql`RESET enable_seqscan`.execute(t.db);
      expect(JSON.stringify(plan.rows)).not.toMatch(/hnsw/);
    }
  });

  it("searches only the chunks of the given model", async () => {
    const current = await search({ embedding: basis(0), minScore: -1, limit: 10 });
    expect(current.map((m) => m.content)).not.toContain("other model");
    const older = await searchChunks(t.db, {
      embedding: basis(0),
      model: "older-model",
      minScore: -1,
      limit: 10,
    });
    expect(older.map((m) => [m.content, m.score])).toEqual([["other model", 1]]);
  });

  it("scans rows that hold the compact vector inline and the full one out of line", async () => {
    // Three chunks per 8 KiB page instead of one: the scan reads a third of the pages.
    const { rows } = await sql<{ attname: string; attstorage: string }>`
      SELECT attname, attstorage FROM pg_attribute
      WHERE attrelid = 'chunks'::regclass AND attname IN ('embedding', 'embedding_half')
      ORDER BY attname`.execute(t.db);
    expect(rows).toEqual([
      { attname: "embedding", attstorage: "e" },
      { attname: "embedding_half", attstorage: "p" },
    ]);
    const sizes = await sql<{ full: number; half: number | null }>`
      SELECT pg_column_size(embedding) AS full, pg_column_size(embedding_half) AS half
      FROM chunks WHERE content = 'same direction'`.execute(t.db);
    // An out-of-line value counts its 4,100 stored bytes; inline it would count its header too (4,104).
    expect(sizes.rows).toEqual([{ full: 4100, half: 2056 }]);
  });

  it("orders chunks of equal score by chunk id", async () => {
    const matches = await search({ embedding: basis(7), minScore: -1, limit: 10 });
    expect(matches.map((m) => m.score)).toEqual([0, 0, 0, 0]);
    const ids = matches.map((m) => m.chunk_id);
    expect(ids).toEqual([...ids].sort());
  });

  it("with the settings on the connection, answers as in a transaction of its own, fallbacks included", async () => {
    const pool = createDb(t.url, { max: 1, sessionSettings: searchSettings(0) });
    try {
      expect((await sql<{ jit: string }>`SHOW jit`.execute(pool)).rows).toEqual([{ jit: "off" }]);
      // A basis vector, a diagonal, a direction every chunk ties on, no direction at all.
      for (const embedding of [basis(0), diagonal, basis(7), new Array(DIMS).fill(0), basis(1, -1)])
        for (const limit of [1, 2, 10]) {
          const input = { embedding, model: "test", minScore: -1, limit };
          expect(await searchChunks(pool, { ...input, settingsOnConnection: true })).toEqual(
            await searchChunks(t.db, input),
          );
        }
    } finally {
      await pool.destroy();
    }
  });

  it("stops a scan held by a lock: statement_timeout in its transaction, a cancel for the one statement; an aborted signal starts none", async () => {
    const input = { embedding: basis(0), model: "test", minScore: -1, limit: 2 };
    const lock = await holdTableLock(t.url, "chunks");
    try {
      const started = Date.now();
      await expect(searchChunks(t.db, { ...input, statementTimeoutMs: 300 })).rejects.toMatchObject({
        code: "57014",
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await lock.running()).toEqual([]);

      const deadline = new AbortController();
      setTimeout(() => deadline.abort(new Error("deadline")), 300);
      const oneStatement = { ...input, settingsOnConnection: true, signal: deadline.signal };
      await expect(searchChunks(t.db, oneStatement)).rejects.toThrow("deadline");
      await vi.waitFor(async () => expect(await lock.running()).toEqual([]), {
        timeout: 2_000,
        interval: 50,
      });

      await expect(
        searchChunks(t.db, { ...input, signal: AbortSignal.abort(new Error("late")) }),
      ).rejects.toThrow("late");
    } finally {
      await lock.release();
    }
    expect(await searchChunks(t.db, { ...input, statementTimeoutMs: 10_000 })).toHaveLength(2);
  });

  it("keeps one prepared statement per parallel-workers setting, so each setting gets its own plan", async () => {
    const first = await t.db.connection().execute(async (conn) => {
      for (const parallelWorkers of [0, 0, 2, 2, 0]) {
        const matches = await searchChunks(conn, {
          embedding: basis(0),
          model: "test",
          minScore: -1,
          limit: 2,
          parallelWorkers,
        });
        expect(matches.map((m) => m.content)).toEqual(["same direction", "halfway"]);
      }
      return (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(conn))
        .rows;
    });
    const texts = first.map((r) => r.statement).filter((s) => s.includes("parallel workers */"));
    expect(texts.map((s) => s.match(/\/\* (\d+) parallel workers \*\//)?.[1]).sort()).toEqual(["0", "2"]);
  });
});
