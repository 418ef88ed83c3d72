import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFakeProvider } from "@tender/ai";
import { createWireValidator } from "@tender/contracts";
import { prepareReindex } from "@tender/db";
import { createFilesystemStorage } from "@tender/storage";
import { completeDownload, seedTender, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtractorPool } from "./extraction/create-extractor-pool.js";
import type { Extractor } from "./extraction/extraction-types.js";
import { indexTender } from "./index-tender.js";
import type { IndexerDeps } from "./indexer-deps.js";

const fixture = useTestDatabase();
const validate = createWireValidator("tender-indexed-v1");
const SUBJECT = "evt.tender.indexed.v1";
let root: string;
let pool: Extractor;
let deps: IndexerDeps;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "indexer-event-"));
  pool = createExtractorPool({ size: 1, timeoutMs: 60_000, maxMemoryMb: 256 });
  deps = {
    db: fixture.db,
    storage: createFilesystemStorage(root),
    ai: createFakeProvider(),
    extractor: pool,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    embedBatching: { maxTexts: 16, maxChars: 100_000, concurrency: 1 },
    maxChunksPerTender: 5000,
    indexedSubject: SUBJECT,
  };
});
afterAll(async () => {
  await pool.close();
  await rm(root, { recursive: true, force: true });
});

async function indexedEvents(tenderId: string) {
  const rows = await fixture.db
    .selectFrom("outbox")
    .select(["payload", "subject"])
    .where("subject", "=", SUBJECT)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.payload as Record<string, unknown>).filter((p) => p.tender_id === tenderId);
}

describe("the indexer announces TenderIndexedV1", () => {
  it("in the transaction that swaps the chunks, only when they changed", async () => {
    const storage = deps.storage as ReturnType<typeof createFilesystemStorage>;
    const tender = await seedTender(fixture.db, {
      attachments: [{ filename: "spec.txt", sourceUrl: "https://files.example.org/spec.txt" }],
    });
    expect(await indexTender(deps, { tenderId: tender.id, contentHash: tender.contentHash })).toBe("indexed");
    const first = await indexedEvents(tender.id);
    expect(first).toHaveLength(1);
    expect(validate(first[0])).toMatchObject({ ok: true });
    expect(first[0]).toMatchObject({
      schema_version: 1,
      tender_id: tender.id,
      content_hash: tender.contentHash,
      embedding_model: deps.ai.embedModel,
    });

    // The same chunks again: nothing new to match.
    await prepareReindex(fixture.db, [tender.id]);
    expect(await indexTender(deps, { tenderId: tender.id, contentHash: tender.contentHash })).toBe("rebuilt");
    expect(await indexedEvents(tender.id)).toHaveLength(1);

    // A document arrives: new chunks, one more event, for the new version.
    const hash = await completeDownload(fixture.db, storage, {
      tenderId: tender.id,
      attachmentId: tender.attachmentIds.get("spec.txt") as string,
      bytes: new TextEncoder().encode("The contractor paints the bridge over the river every spring."),
    });
    expect(await indexTender(deps, { tenderId: tender.id, contentHash: hash })).toBe("indexed");
    const events = await indexedEvents(tender.id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ content_hash: hash });
    expect(events[1]?.event_id).not.toBe(events[0]?.event_id);
  });

  it("writes nothing when the swap rolls back (the tender changed while it was read)", async () => {
    const storage = deps.storage as ReturnType<typeof createFilesystemStorage>;
    const tender = await seedTender(fixture.db, {
      storage,
      attachments: [{ filename: "a.txt", bytes: new TextEncoder().encode("Roads and bridges.") }],
    });
    // The tender changes while its document is being read: the commit must not happen.
    const changing: Extractor = {
      extract: async (input) => {
        await fixture.db
          .updateTable("tenders")
          .set({ content_hash: "f".repeat(64) })
          .where("id", "=", tender.id)
          .execute();
        return pool.extract(input);
      },
      close: async () => {},
    };
    const outcome = await indexTender(
      { ...deps, extractor: changing },
      { tenderId: tender.id, contentHash: tender.contentHash },
    );
    expect(outcome).toBe("superseded");
    expect(await indexedEvents(tender.id)).toHaveLength(0);
  });
});
