import { contentHash } from "@tender/contracts";
import { useMigrationSteps } from "@tender/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loadContentHashInput } from "../ingest/load-content-hash-input.js";

// 0024 renames OCDS tenders stored under their ocid to their release id, with a content hash
// that is the stored content's again (and the index, chunks and matches following it), and
// never breaks the (source, external_id) key; down renames them back.

const steps = useMigrationSteps();
const { migrateTo } = steps;

/** A stored tender as the old code stored it: its content hash over its `external_id`. */
async function seed(source: string, externalId: string, payload: Record<string, unknown>): Promise<string> {
  const row = await sql<{ id: string }>`
    INSERT INTO tenders (source_id, external_id, title, buyer_name, amount, currency, published_at, source_url,
                         content_hash, raw_payload)
    SELECT id, ${externalId}, 'Cycle lanes', 'Barnet', 1100000, 'GBP', '2010-03-15T09:30:00Z',
           'https://example.org/notice', ${"0".repeat(64)}, ${JSON.stringify(payload)}::jsonb
    FROM sources WHERE code = ${source}
    RETURNING id`.execute(steps.db);
  const id = row.rows[0]?.id as string;
  await sql`
    INSERT INTO attachments (tender_id, title, filename, source_url, download_status, local_path, sha256, size_bytes)
    VALUES (${id}, 'Spec', 'spec.pdf', 'https://example.org/spec.pdf', 'ready', 'a/b', ${"a".repeat(64)}, 3),
           (${id}, 'Gone', 'gone.pdf', 'https://example.org/gone.pdf', 'skipped', NULL, NULL, NULL)`.execute(
    steps.db,
  );
  await sql`UPDATE tenders SET content_hash = ${await hashOf(id)}, indexed_hash = ${await hashOf(id)}
            WHERE id = ${id}`.execute(steps.db);
  return id;
}

/** The hash of the tender's stored content, as a download recomputes it. */
async function hashOf(id: string): Promise<string> {
  const input = await loadContentHashInput(steps.db as never, id);
  if (!input) throw new Error("no tender");
  return contentHash(input);
}

const stored = async () =>
  (
    await sql<{ source: string; external_id: string; content_hash: string; indexed_hash: string }>`
      SELECT s.code AS source, t.external_id, t.content_hash, t.indexed_hash
      FROM tenders t JOIN sources s ON s.id = t.source_id ORDER BY 1, 2`.execute(steps.db)
  ).rows;

const release = (ocid: string, id: unknown) => ({ ocid, id, tag: ["tender"] });

describe("migration 0024-ocds-release-ids", () => {
  it("renames OCDS tenders to their release ids, rehashing them, and leaves what it cannot rename", async () => {
    await migrateTo("0023-email-digests");
    await sql`INSERT INTO sources (code) VALUES ('contracts_finder'), ('find_a_tender'), ('ted')`.execute(
      steps.db,
    );
    const renamed = await seed("contracts_finder", "ocds-1", release("ocds-1", " r-1 "));
    await seed("find_a_tender", "ocds-1", release("ocds-1", "r-1")); // the same ids in another source
    await seed("contracts_finder", "ocds-2", release("ocds-2", "dup")); // two ocids, one release id
    await seed("contracts_finder", "ocds-3", release("ocds-3", "dup"));
    await seed("contracts_finder", "ocds-4", release("ocds-4", "taken")); // held by a stored release
    await seed("contracts_finder", "taken", release("ocds-5", "taken"));
    await seed("contracts_finder", "ocds-6", release("ocds-6", "   "));
    await seed("contracts_finder", "ocds-7", release("ocds-7", "x".repeat(513)));
    await seed("contracts_finder", "ocds-8", release("ocds-8", "bell\u0007"));
    await seed("contracts_finder", "ocds-9", release("ocds-9", 9));
    await seed("ted", "657981-2026", { "publication-number": "657981-2026", id: "x", ocid: "y" });
    const before = await stored();
    const oldHash = before.find((r) => r.source === "contracts_finder" && r.external_id === "ocds-1")
      ?.content_hash as string;
    const api = await sql<{ id: string }>`
      INSERT INTO api_keys (name, key_hash, limit_per_minute) VALUES ('k', ${"b".repeat(64)}, 60)
      RETURNING id`.execute(steps.db);
    await sql`
      INSERT INTO saved_searches (api_key_id, name, query, embedding_model, min_score, feed_token_hash)
      VALUES (${api.rows[0]?.id}, 'cycle', 'cycle lanes', 'm', 0, ${"c".repeat(64)})`.execute(steps.db);
    await sql`
      INSERT INTO saved_search_matches (saved_search_id, tender_id, content_hash, score, snippet)
      SELECT id, ${renamed}, ${oldHash}, 0.5, 'cycle' FROM saved_searches`.execute(steps.db);
    await sql`
      INSERT INTO chunks (tender_id, chunk_key, content, embedding, embedding_model, position, section, content_hash)
      VALUES (${renamed}, ${"d".repeat(64)}, 'Cycle lanes', array_fill(0, ARRAY[1024])::vector, 'm', 0,
              'metadata', ${oldHash})`.execute(steps.db);

    await migrateTo("0024-ocds-release-ids");
    const after = await stored();
    const newHash = await hashOf(renamed);
    expect(newHash).not.toBe(oldHash);
    const renamedIds = [
      ["contracts_finder", "ocds-1", "r-1"],
      ["find_a_tender", "ocds-1", "r-1"],
    ];
    // Every other row is as it was, hash and all.
    expect(after.filter((r) => r.external_id !== "r-1")).toEqual(
      before.filter((r) => !renamedIds.some(([s, e]) => s === r.source && e === r.external_id)),
    );
    for (const row of after.filter((r) => r.external_id === "r-1")) {
      expect(row.content_hash).not.toBe(oldHash);
      expect(row.indexed_hash).toBe(row.content_hash);
    }
    expect(after.find((r) => r.source === "contracts_finder" && r.external_id === "r-1")?.content_hash).toBe(
      newHash,
    );
    const follow = await sql<{ hash: string }>`
      SELECT content_hash AS hash FROM chunks UNION ALL SELECT content_hash FROM saved_search_matches`.execute(
      steps.db,
    );
    expect(follow.rows).toEqual([{ hash: newHash }, { hash: newHash }]);

    // Down renames each release back to its ocid where that is unique, with its old hash again:
    // the rows 0024 renamed, and the one stored under its release id since (ocds-5).
    await migrateTo("0023-email-digests");
    const down = await stored();
    expect(down.filter((r) => r.external_id !== "ocds-5")).toEqual(
      before.filter((r) => r.external_id !== "taken"),
    );
    expect(down.filter((r) => r.external_id === "ocds-5")).toHaveLength(1);
  });
});
