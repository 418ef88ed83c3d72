import { randomUUID } from "node:crypto";
import { contentHash } from "@tender/contracts";
import {
  type AttachmentInput,
  type Database,
  enqueueTenderChanged,
  ensureSource,
  loadContentHashInput,
  setTenderContentHash,
  syncTenderAttachments,
  upsertTender,
} from "@tender/db";
import type { Kysely } from "kysely";

export interface SeededTender {
  id: string;
  contentHash: string;
}

/**
 * Stores a tender with `pending` attachments and its `TenderChangedV1` in the outbox, in one
 * transaction, as an ingest service does; the downloader's relay then publishes the event.
 */
export async function seedTender(
  db: Kysely<Database>,
  subject: string,
  attachments: readonly Partial<AttachmentInput>[],
  sourceCode = "ted",
): Promise<SeededTender> {
  return db.transaction().execute(async (trx) => {
    const source = await ensureSource(trx, sourceCode);
    const externalId = `T-${randomUUID()}`;
    const { id } = await upsertTender(trx, {
      sourceId: source.id,
      external_id: externalId,
      title: "Servizi di manutenzione",
      description: "Gara d'appalto",
      buyer_name: "Comune di Milano",
      amount: "1000.00",
      currency: "EUR",
      published_at: "2025-12-01T09:00:00Z",
      deadline: null,
      source_url: `https://ted.europa.eu/en/notice/-/detail/${externalId}`,
      contentHash: "0".repeat(64),
      rawPayload: {},
    });
    await syncTenderAttachments(
      trx,
      id,
      attachments.map((a, i) => ({
        external_id: null,
        title: null,
        filename: `document-${i}`,
        content_type: null,
        source_url: `https://ted.europa.eu/missing/${i}`,
        ...a,
      })),
    );
    const input = await loadContentHashInput(trx, id);
    if (!input) throw new Error("seeded tender vanished");
    const hash = contentHash(input);
    await setTenderContentHash(trx, id, hash);
    await enqueueTenderChanged(trx, { tenderId: id, contentHash: hash, subject });
    return { id, contentHash: hash };
  });
}
