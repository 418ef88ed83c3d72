// Test and benchmark support: tenders with downloaded attachments, as the downloader leaves them.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { contentHash } from "@tender/contracts";
import {
  type Database,
  ensureSource,
  listAttachmentsForTender,
  loadContentHashInput,
  markAttachmentReady,
  setTenderContentHash,
  syncTenderAttachments,
  upsertTender,
} from "@tender/db";
import type { BlobStorage } from "@tender/storage";
import type { Kysely } from "kysely";

export interface SeedAttachment {
  filename: string;
  bytes: Uint8Array;
  contentType?: string | null;
  /** Default `https://files.example.org/<random>/<filename>`. */
  sourceUrl?: string;
}

export interface SeedTenderOptions {
  title?: string;
  description?: string | null;
  attachments?: SeedAttachment[];
}

export interface SeededTender {
  id: string;
  contentHash: string;
  /** Attachment ids by filename. */
  attachmentIds: Record<string, string>;
}

/**
 * Creates a tender whose attachments are downloaded (`ready`, files in `storage`) and whose
 * content hash covers them, left `pending` as the downloader leaves it. No event is written.
 */
export async function seedTender(
  db: Kysely<Database>,
  storage: Pick<BlobStorage, "put">,
  options: SeedTenderOptions = {},
): Promise<SeededTender> {
  const source = await ensureSource(db, "ted");
  const fields = {
    external_id: `T-${randomUUID()}`,
    title: options.title ?? "Road maintenance in Tartu",
    description:
      options.description === undefined ? "Repair of asphalt roads and bridges." : options.description,
    buyer_name: "City of Tartu",
    amount: "125000.00",
    currency: "EUR",
    published_at: "2025-03-01T09:00:00.000Z",
    deadline: "2025-04-01T12:00:00.000Z",
    source_url: "https://example.org/notices/1",
  };
  const attachments = (options.attachments ?? []).map((a) => ({
    ...a,
    sourceUrl: a.sourceUrl ?? `https://files.example.org/${randomUUID()}/${encodeURIComponent(a.filename)}`,
  }));
  const hashOf = async (tenderId: string) => {
    const input = await loadContentHashInput(db, tenderId);
    if (!input) throw new Error("seeded tender vanished");
    return contentHash(input);
  };
  const { id } = await upsertTender(db, {
    ...fields,
    sourceId: source.id,
    contentHash: "0".repeat(64),
    rawPayload: {},
  });
  await db.transaction().execute((trx) =>
    syncTenderAttachments(
      trx,
      id,
      attachments.map((a) => ({
        external_id: null,
        title: null,
        filename: a.filename,
        source_url: a.sourceUrl,
        content_type: a.contentType ?? null,
      })),
    ),
  );
  const rows = await listAttachmentsForTender(db, id);
  const attachmentIds: Record<string, string> = {};
  for (const a of attachments) {
    const row = rows.find((r) => r.source_url === a.sourceUrl);
    if (!row) throw new Error("seeded attachment vanished");
    const stored = await storage.put(`${id}/${row.id}`, Readable.from([Buffer.from(a.bytes)]), {
      maxBytes: 1 << 30,
    });
    await markAttachmentReady(db, row.id, {
      localPath: stored.key,
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    });
    attachmentIds[a.filename] = row.id;
  }
  const hash = await hashOf(id);
  await setTenderContentHash(db, id, hash);
  return { id, contentHash: hash, attachmentIds };
}
