import { randomUUID } from "node:crypto";
import { seedTender, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { listChunksForTender } from "../indexing/chunks.repository.js";
import { createApiKey, setApiKeyEnabled } from "../keys/api-keys.repository.js";
import {
  listSavedSearchesToReembed,
  recordTenderMatches,
  recordTenderMatchesSql,
  updateSavedSearchEmbedding,
} from "./record-tender-matches.js";
import { insertSavedSearchWithinLimit } from "./saved-searches.repository.js";

const t = useTestDatabase();
let apiKeyId: string;
const NOW = new Date("2026-01-15T00:00:00Z");

beforeAll(async () => {
  apiKeyId = (await createApiKey(t.db, { name: "matches", limitPerMinute: 100 })).id;
});

async function save(
  vector: number[] | null,
  options: {
    filters?: object;
    minScore?: number;
    webhook?: boolean;
    model?: string;
    keyId?: string;
    query?: string;
    mode?: "vector" | "hybrid";
  } = {},
): Promise<string> {
  const id = randomUUID();
  await t.db.transaction().execute((trx) =>
    insertSavedSearchWithinLimit(
      trx,
      {
        id,
        apiKeyId: options.keyId ?? apiKeyId,
        name: "s",
        query: options.query ?? "query",
        ...(options.mode ? { mode: options.mode } : {}),
        queryEmbedding: vector,
        embeddingModel: options.model ?? "fake-hash-1024",
        filters: options.filters ?? {},
        minScore: options.minScore ?? 0.5,
        webhookUrl: options.webhook ? "https://hooks.example.org/in" : null,
        sealedWebhookSecret: options.webhook ? "v1.a.b.c" : null,
        feedTokenHash: randomUUID().replaceAll("-", "").repeat(2),
        sealedFeedToken: null,
      },
      1000,
    ),
  );
  return id;
}

const matchesOf = (savedSearchId: string) =>
  t.db.selectFrom("saved_search_matches").selectAll().where("saved_search_id", "=", savedSearchId).execute();

describe("recordTenderMatches", () => {
  it("records each saved search the tender matches, with its best chunk, and a delivery when it has a webhook", async () => {
    const tender = await seedTender(t.db, {
      countries: ["EE"],
      attachments: ["spec.pdf"],
      chunks: ["Road repair in Tartu.", { content: "Bridge painting works.", attachment: "spec.pdf" }],
    });
    const chunks = await listChunksForTender(t.db, tender.id);
    const bridge = chunks.find((c) => c.content === "Bridge painting works.");
    const road = chunks.find((c) => c.content === "Road repair in Tartu.");
    if (!bridge || !road) throw new Error("seeded chunks missing");
    const opposite = road.embedding.map((x) => -x);

    const plain = await save(bridge.embedding);
    const hooked = await save(road.embedding, { webhook: true });
    const elsewhere = await save(bridge.embedding, { filters: { countries: ["FR"] } });
    const estonian = await save(bridge.embedding, { filters: { countries: ["EE"], open: false } });
    const tooStrict = await save(opposite, { minScore: 0.99 });
    const otherModel = await save(bridge.embedding, { model: "another-model" });
    const noVector = await save(null);

    const first = await recordTenderMatches(t.db, {
      tenderId: tender.id,
      contentHash: tender.contentHash,
      now: NOW,
    });
    expect(first).toEqual({ matches: 3, followUps: 0, deliveries: 1 });
    const [match] = await matchesOf(plain);
    expect(match).toMatchObject({
      tender_id: tender.id,
      content_hash: tender.contentHash,
      snippet: "Bridge painting works.",
      attachment_id: tender.attachmentIds.get("spec.pdf"),
      attachment_filename: "spec.pdf",
    });
    expect(match?.score).toBeCloseTo(1, 5);
    expect(await matchesOf(hooked)).toMatchObject([
      { snippet: "Road repair in Tartu.", attachment_id: null },
    ]);
    expect(await matchesOf(estonian)).toHaveLength(1);
    for (const none of [elsewhere, tooStrict, otherModel, noVector])
      expect(await matchesOf(none)).toEqual([]);
    const deliveries = await t.db.selectFrom("webhook_deliveries").selectAll().execute();
    expect(deliveries).toMatchObject([{ status: "pending", attempts: 0, last_error: null }]);
    const hookedMatch = (await matchesOf(hooked))[0];
    expect(deliveries[0]?.match_id).toBe(hookedMatch?.id);

    // A replayed event records nothing new.
    expect(
      await recordTenderMatches(t.db, { tenderId: tender.id, contentHash: tender.contentHash, now: NOW }),
    ).toEqual({
      matches: 0,
      followUps: 0,
      deliveries: 0,
    });
    // A version that is not the tender's any more records nothing.
    expect(
      await recordTenderMatches(t.db, { tenderId: tender.id, contentHash: "e".repeat(64), now: NOW }),
    ).toEqual({
      matches: 0,
      followUps: 0,
      deliveries: 0,
    });
    // A new version of the tender matches again.
    await sql`UPDATE tenders SET content_hash = ${"d".repeat(64)} WHERE id = ${tender.id}`.execute(t.db);
    const again = await recordTenderMatches(t.db, {
      tenderId: tender.id,
      contentHash: "d".repeat(64),
      now: NOW,
    });
    expect(again).toEqual({ matches: 3, followUps: 0, deliveries: 1 });
    expect(await matchesOf(plain)).toHaveLength(2);
  });

  it("a disabled key's saved searches match nothing, and once enabled again only later versions match", async () => {
    const tender = await seedTender(t.db, { chunks: ["Snow removal on county roads."] });
    const [chunk] = await listChunksForTender(t.db, tender.id);
    if (!chunk) throw new Error("seeded chunk missing");
    const keyId = (await createApiKey(t.db, { name: "paused", limitPerMinute: 100 })).id;
    const paused = await save(chunk.embedding, { webhook: true, keyId });
    const active = await save(chunk.embedding, { webhook: true });
    await setApiKeyEnabled(t.db, keyId, false);
    const input = { tenderId: tender.id, contentHash: tender.contentHash, now: NOW };
    expect(await recordTenderMatches(t.db, input)).toEqual({ matches: 1, followUps: 0, deliveries: 1 });
    expect(await matchesOf(paused)).toEqual([]);
    expect(await matchesOf(active)).toHaveLength(1);

    // Enabled again: the version indexed while disabled stays unmatched; the next one matches.
    await setApiKeyEnabled(t.db, keyId, true);
    await sql`UPDATE tenders SET content_hash = ${"c".repeat(64)} WHERE id = ${tender.id}`.execute(t.db);
    expect(await recordTenderMatches(t.db, { ...input, contentHash: "c".repeat(64) })).toEqual({
      matches: 2,
      followUps: 0,
      deliveries: 2,
    });
    expect((await matchesOf(paused)).map((m) => m.content_hash)).toEqual(["c".repeat(64)]);
  });

  it("lists the saved queries of another model and stores their new vectors", async () => {
    const stale = await save(null, { model: "old-model" });
    const listed = await listSavedSearchesToReembed(t.db, "fake-hash-1024", 100);
    expect(listed.map((s) => s.id)).toContain(stale);
    expect(listed.every((s) => s.query === "query")).toBe(true);
    await updateSavedSearchEmbedding(
      t.db,
      stale,
      Array.from({ length: 1024 }, (_, i) => (i === 0 ? 1 : 0)),
      "fake-hash-1024",
    );
    expect((await listSavedSearchesToReembed(t.db, "fake-hash-1024", 100)).map((s) => s.id)).not.toContain(
      stale,
    );
    const { rows } = await sql<{ dims: number }>`
      SELECT vector_dims(query_embedding) AS dims FROM saved_searches WHERE id = ${stale}`.execute(t.db);
    expect(rows[0]?.dims).toBe(1024);
  });
});

describe("recordTenderMatchesSql", () => {
  it("finds saved searches through the filter-key index, never by reading them all", async () => {
    const tender = await seedTender(t.db, { countries: ["EE"], chunks: ["Harbour dredging in Pärnu."] });
    // 4,000 saved searches over 40 countries, a few unfiltered: what "could match" is a small part.
    await sql`
      INSERT INTO saved_searches (api_key_id, name, query, query_embedding, embedding_model, filters, min_score,
                                  feed_token_hash)
      SELECT ${apiKeyId}, 's', 'q', array_fill(0.01::real, ARRAY[1024])::vector, 'fake-hash-1024',
             CASE WHEN g % 50 = 0 THEN '{}'::jsonb
                  ELSE jsonb_build_object('countries', jsonb_build_array(chr(65 + g % 40 / 26) || chr(65 + g % 40 % 26)))
             END,
             0.5, md5(g::text) || md5(g::text)
      FROM generate_series(1, 4000) AS g`.execute(t.db);
    await sql`ANALYZE saved_searches`.execute(t.db);
    const { rows } = await sql<{ "QUERY PLAN": string }>`EXPLAIN ${recordTenderMatchesSql({
      tenderId: tender.id,
      contentHash: tender.contentHash,
      now: NOW,
    })}`.execute(t.db);
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("Bitmap Index Scan on saved_searches_filter_keys_idx");
    expect(plan).not.toMatch(/Seq Scan on saved_searches/);
  });

  it("matches a hybrid saved search by words, phrase, identifier, buyer or CPV concept whatever the cosine, never past an exclusion", async () => {
    const tender = await seedTender(t.db, {
      externalId: "000777-2024",
      buyer_name: "Stadt Weinheim",
      cpv_codes: ["45233141"],
      chunks: ["Winter service of roads in Weinheim.", "Gritting and snow clearing."],
    });
    const chunks = await listChunksForTender(t.db, tender.id);
    const far = (chunks[0]?.embedding ?? []).map((x) => -x);
    // A key of its own: the key above holds thousands of saved searches by now.
    const keyId = (await createApiKey(t.db, { name: "hybrid", limitPerMinute: 100 })).id;
    const hybrid = (query: string) => save(far, { query, mode: "hybrid", minScore: 0.9, keyId });
    const found = [
      await hybrid("snow clearing"),
      await hybrid('"winter service" OR tunnels'),
      await hybrid("777-2024"),
      await hybrid("stadt weinheim"),
      await hybrid("Straßeninstandhaltungsarbeiten"),
    ];
    const missed = [
      await hybrid("snow -gritting"),
      await hybrid("bridge painting"),
      // The last word of one chunk and the first of the other (whichever comes first): the
      // tender's text as a whole may hold the phrase, no chunk does.
      await hybrid('"weinheim gritting"'),
      await hybrid('"clearing winter"'),
      await save(far, { query: "snow clearing", minScore: 0.9, keyId }),
    ];
    const recorded = await recordTenderMatches(t.db, {
      tenderId: tender.id,
      contentHash: tender.contentHash,
      now: NOW,
    });
    expect(recorded.matches).toBe(found.length);
    for (const id of found) {
      const [match] = await matchesOf(id);
      expect(match?.tender_id).toBe(tender.id);
      expect(match?.score).toBeLessThan(0.9);
    }
    for (const id of missed) expect(await matchesOf(id)).toEqual([]);
  });

  it("saves a hybrid saved search of the longest query (32 terms, each read by every configuration) and matches it by one of its words", async () => {
    const words = Array.from(
      { length: 31 },
      (_, i) => `Instandhaltungsarbeiten${String.fromCharCode(97 + (i % 26))}${i}`,
    );
    const tender = await seedTender(t.db, { chunks: ["Maintenance of municipal lighting installations."] });
    const chunks = await listChunksForTender(t.db, tender.id);
    const far = (chunks[0]?.embedding ?? []).map((x) => -x);
    const keyId = (await createApiKey(t.db, { name: "long hybrid", limitPerMinute: 100 })).id;
    // Before migration 0042 the query's one tsquery and the saved search's half vector passed 8 KB: "row is too big".
    const long = await save(far, {
      query: [...words, "lighting"].join(" OR "),
      mode: "hybrid",
      minScore: 0.9,
      keyId,
    });
    const recorded = await recordTenderMatches(t.db, {
      tenderId: tender.id,
      contentHash: tender.contentHash,
      now: NOW,
    });
    expect(recorded.matches).toBe(1);
    expect((await matchesOf(long))[0]?.tender_id).toBe(tender.id);
  });
});
