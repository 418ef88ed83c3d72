import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_DELIVERY, redeliveryWindowMs } from "@tender/bus";
import { findTenderById, markTenderProcessing } from "@tender/db";
import { createFilesystemStorage } from "@tender/storage";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractDocument } from "../extraction/extract-document.js";
import { indexTender } from "../index-tender.js";
import { createSwitchableProvider } from "../testing/switchable-provider.js";
import { type SweepOptions, sweepOnce } from "./sweep-once.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const INTERVAL = 60_000;
let t: TestDatabase;
let root: string;
let storage: ReturnType<typeof createFilesystemStorage>;

beforeAll(async () => {
  t = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), "sweeper-test-"));
  storage = createFilesystemStorage(root);
});
afterAll(async () => {
  await t.destroy();
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.deleteFrom("outbox").execute();
  await t.db.deleteFrom("tenders").execute();
});

const options = (over: Partial<SweepOptions> = {}): SweepOptions => ({
  db: t.db,
  logger: silent,
  embeddingModel: "fake-hash-1024",
  subject: "sweep.tender.changed.v1",
  intervalMs: INTERVAL,
  staleAfterMs: INTERVAL,
  batchSize: 100,
  ...over,
});

async function age(id: string, ms: number): Promise<void> {
  await sql`UPDATE tenders SET updated_at = now() - make_interval(secs => ${ms / 1000}) WHERE id = ${id}`.execute(
    t.db,
  );
}

async function outboxTenders(): Promise<string[]> {
  // Indexing the fixtures writes their TenderIndexedV1 too: only the sweeper's events count here.
  const rows = await t.db
    .selectFrom("outbox")
    .select(["payload", "subject"])
    .where("subject", "<>", "tender.indexed.v1")
    .orderBy("id")
    .execute();
  return rows.map((r) => {
    expect(r.subject).toBe("sweep.tender.changed.v1");
    return r.payload.tender_id as string;
  });
}

async function indexed(ai = createSwitchableProvider()) {
  const tender = await seedTender(t.db, { storage });
  const extractor = { extract: extractDocument, close: async () => {} };
  await indexTender(
    {
      db: t.db,
      storage,
      ai,
      extractor,
      logger: silent,
      embedBatching: { maxTexts: 8, maxChars: 100_000, concurrency: 1 },
      maxChunksPerTender: 5000,
    },
    {
      tenderId: tender.id,
      contentHash: tender.contentHash,
    },
  );
  return tender;
}

describe("sweepOnce", () => {
  it("re-announces pending and failed tenders left alone, with backoff", async () => {
    const old = await seedTender(t.db, { storage });
    const fresh = await seedTender(t.db, { storage });
    await age(old.id, 2 * INTERVAL);
    const now = new Date();
    expect(await sweepOnce(options(), now)).toBe(1);
    expect(await outboxTenders()).toEqual([old.id]);
    const payload = (await t.db.selectFrom("outbox").select("payload").executeTakeFirstOrThrow()).payload;
    expect(payload).toMatchObject({ schema_version: 1, tender_id: old.id, content_hash: old.contentHash });
    expect(await findTenderById(t.db, old.id)).toMatchObject({
      index_attempts: 1,
      next_index_at: new Date(now.getTime() + INTERVAL),
    });
    expect(await findTenderById(t.db, fresh.id)).toMatchObject({ index_attempts: 0, next_index_at: null });
    // Out of the way: by the times below it would be stale too.
    await t.db.deleteFrom("tenders").where("id", "=", fresh.id).execute();

    // In backoff: nothing until next_index_at, then again with a doubled pause.
    expect(await sweepOnce(options(), new Date(now.getTime() + INTERVAL - 1))).toBe(0);
    const later = new Date(now.getTime() + INTERVAL);
    expect(await sweepOnce(options(), later)).toBe(1);
    expect(await findTenderById(t.db, old.id)).toMatchObject({
      index_attempts: 2,
      next_index_at: new Date(later.getTime() + 2 * INTERVAL),
    });
  });

  it("leaves a pending tender alone while its event may still be queued or redelivered", async () => {
    // The default threshold: the indexer consumer's whole redelivery window (23.5 minutes).
    const staleAfterMs = redeliveryWindowMs(DEFAULT_DELIVERY);
    const queued = await seedTender(t.db, { storage });
    // Left alone for many sweep intervals, but younger than the threshold.
    await age(queued.id, staleAfterMs - 60_000);
    expect(await sweepOnce(options({ staleAfterMs }))).toBe(0);
    expect(await outboxTenders()).toEqual([]);
    expect(await findTenderById(t.db, queued.id)).toMatchObject({ index_attempts: 0, next_index_at: null });

    await age(queued.id, staleAfterMs + 1_000);
    expect(await sweepOnce(options({ staleAfterMs }))).toBe(1);
    expect(await outboxTenders()).toEqual([queued.id]);
  });

  it("leaves consistent ready tenders alone, but announces ready ones of another model and stuck processing ones", async () => {
    const current = await indexed();
    const otherAi = createSwitchableProvider();
    otherAi.embedModel = "old-model";
    const outdated = await indexed(otherAi);
    const stuck = await seedTender(t.db, { storage });
    await markTenderProcessing(t.db, stuck.id, stuck.contentHash);
    await age(stuck.id, 10 * INTERVAL);
    expect(await sweepOnce(options())).toBe(1);
    expect(await outboxTenders()).toEqual([outdated.id]);

    await age(stuck.id, 16 * 60_000);
    expect(await sweepOnce(options())).toBe(1);
    expect((await outboxTenders()).slice(1)).toEqual([stuck.id]);
    expect(await findTenderById(t.db, current.id)).toMatchObject({ index_attempts: 0 });
  });

  it("announces at most batchSize per pass, and concurrent sweepers never announce a tender twice", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const tender = await seedTender(t.db, { storage });
      await age(tender.id, 2 * INTERVAL);
      ids.push(tender.id);
    }
    expect(await sweepOnce(options({ batchSize: 2 }))).toBe(2);
    const counts = await Promise.all([1, 2, 3].map(() => sweepOnce(options({ batchSize: 2 }))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    const announced = await outboxTenders();
    expect(announced).toHaveLength(7);
    expect(new Set(announced)).toEqual(new Set(ids));
  });

  it("removes cached text of files no attachment points at any more, a day after it was made", async () => {
    const tender = await seedTender(t.db, {
      storage,
      attachments: [{ filename: "kept.txt", bytes: new TextEncoder().encode("Kept.") }],
    });
    const [row] = await t.db
      .selectFrom("attachments")
      .select("sha256")
      .where("tender_id", "=", tender.id)
      .execute();
    const used = row?.sha256 as string;
    const entry = (key: string, sha256: string, hoursAgo: number) => ({
      cache_key: key.repeat(64),
      sha256,
      result: "{}",
      created_at: new Date(Date.now() - hoursAgo * 3_600_000),
    });
    await t.db
      .insertInto("extraction_cache")
      .values([entry("a", used, 48), entry("b", "b".repeat(64), 48), entry("c", "c".repeat(64), 1)])
      .execute();
    await sweepOnce(options());
    const left = await t.db.selectFrom("extraction_cache").select("cache_key").orderBy("cache_key").execute();
    expect(left.map((r) => r.cache_key[0])).toEqual(["a", "c"]);
  });

  it("fills the compact vectors of chunks written before them, and leaves unboundable ones to the full scan", async () => {
    const tender = await seedTender(t.db, {
      chunks: ["Road repair.", "School catering.", "Harbour dredging."],
    });
    const zero = `[${new Array(1024).fill(0).join(",")}]`;
    // Rows as migration 0017 found them: no compact vector, the full one stored inline.
    await sql`ALTER TABLE chunks DISABLE TRIGGER chunks_compact_embedding`.execute(t.db);
    await sql`UPDATE chunks SET embedding_half = NULL`.execute(t.db);
    await sql`
      INSERT INTO chunks (tender_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
      VALUES (${tender.id}, ${"f".repeat(64)}, 'zero', ${zero}::vector, 'fake-hash-1024', 99, 'metadata', ${"c".repeat(64)})`.execute(
      t.db,
    );
    await sql`ALTER TABLE chunks ENABLE TRIGGER chunks_compact_embedding`.execute(t.db);
    const count = async (condition: ReturnType<typeof sql<boolean>>) =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chunks WHERE ${condition}`.execute(t.db))
        .rows[0]?.n;
    const unfilled = (await count(sql<boolean>`embedding_half IS NULL`)) ?? 0;
    expect(unfilled).toBeGreaterThan(2);

    await sweepOnce(options({ batchSize: 1 }));
    // Every row with a non-zero vector now holds it rounded to half at unit length; the zero vector stays NULL.
    expect(await count(sql<boolean>`embedding_half IS NULL`)).toBe(1);
    expect(await count(sql<boolean>`embedding_half IS NULL AND content = 'zero'`)).toBe(1);
    expect(await count(sql<boolean>`embedding_half <> l2_normalize(embedding)::halfvec(1024)`)).toBe(0);
  });
});
