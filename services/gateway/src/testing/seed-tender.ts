import { randomBytes } from "node:crypto";
import { FAKE_MODEL, fakeEmbed } from "@tender/ai";
import { chunkKey, sha256Hex } from "@tender/contracts";
import type { Db } from "@tender/db";
import {
  ensureSource,
  listAttachmentsForTender,
  type NewChunk,
  replaceTenderChunks,
  syncTenderAttachments,
  type UpsertTenderInput,
  upsertTender,
} from "@tender/db";

/** A chunk to seed: its text, and the filename of the attachment it comes from (none: metadata). */
export interface SeedChunk {
  content: string;
  attachment?: string;
}

export interface SeedTenderInput {
  source?: string;
  title?: string;
  externalId?: string;
  /** Filenames of attachments to register (each gets its own URL). */
  attachments?: string[];
  chunks?: (string | SeedChunk)[];
  /** Tender fields and facets other than the defaults below. */
  fields?: Partial<
    Pick<
      UpsertTenderInput,
      "buyer_name" | "amount" | "currency" | "published_at" | "deadline" | "countries" | "cpv_codes"
    >
  >;
}

export interface SeededTender {
  id: string;
  title: string;
  sourceUrl: string;
  /** Attachment id by filename. */
  attachmentIds: Map<string, string>;
}

/**
 * Test data: a tender with attachments and chunks embedded by the fake provider (as the indexer
 * would store them). Every call makes a new tender.
 */
export async function seedTender(db: Db, input: SeedTenderInput = {}): Promise<SeededTender> {
  const source = await ensureSource(db, input.source ?? "ted");
  const externalId = input.externalId ?? `T-${randomBytes(6).toString("hex")}`;
  const title = input.title ?? `Tender ${externalId}`;
  const sourceUrl = `https://example.org/notices/${externalId}`;
  const { id } = await upsertTender(db, {
    sourceId: source.id,
    external_id: externalId,
    title,
    description: "Seeded for a gateway test.",
    buyer_name: "Test Buyer",
    amount: "1000.50",
    currency: "EUR",
    published_at: "2026-01-15T10:00:00.000Z",
    deadline: null,
    source_url: sourceUrl,
    contentHash: sha256Hex(externalId),
    rawPayload: { secret: "raw payload must never be shown" },
    ...input.fields,
  });
  await syncTenderAttachments(
    db,
    id,
    (input.attachments ?? []).map((filename) => ({
      external_id: null,
      title: null,
      filename,
      source_url: `https://example.org/files/${externalId}/${encodeURIComponent(filename)}`,
      content_type: "application/pdf",
    })),
  );
  const attachmentIds = new Map((await listAttachmentsForTender(db, id)).map((a) => [a.filename, a.id]));
  const chunks: NewChunk[] = (input.chunks ?? []).map((chunk, position) => {
    const { content, attachment } = typeof chunk === "string" ? { content: chunk } : chunk;
    const embedding = fakeEmbed(content);
    if (!embedding) throw new Error(`seed chunk without tokens: ${content}`);
    const attachmentId = attachment === undefined ? null : (attachmentIds.get(attachment) ?? null);
    if (attachment !== undefined && attachmentId === null) throw new Error(`no attachment ${attachment}`);
    return {
      attachmentId,
      chunkKey: chunkKey({ tenderId: id, attachmentId, position, content, embeddingModel: FAKE_MODEL }),
      content,
      embedding,
      embeddingModel: FAKE_MODEL,
      position,
      section: attachmentId ? "attachment" : "metadata",
      contentHash: sha256Hex(content),
    };
  });
  await replaceTenderChunks(db, id, chunks);
  return { id, title, sourceUrl, attachmentIds };
}
