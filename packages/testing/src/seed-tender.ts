import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { FAKE_MODEL, fakeEmbed } from "@tender/ai";
import { chunkKey, contentHash, type NoticeKind, sha256Hex } from "@tender/contracts";
import {
  type Db,
  enqueueTenderChanged,
  ensureSource,
  listAttachmentsForTender,
  loadContentHashInput,
  lockProcedure,
  markAttachmentReady,
  type NewChunk,
  replaceTenderAwards,
  replaceTenderChunks,
  type StoredAward,
  setTenderAwardFacts,
  setTenderContentHash,
  setTenderProcedure,
  syncTenderAttachments,
  upsertTender,
} from "@tender/db";

/** The tender fields every seeded tender gets unless the test gives its own. */
export const SEED_TENDER_FIELDS = {
  title: "Road maintenance in Tartu",
  description: "Repair of asphalt roads and bridges." as string | null,
  buyer_name: "City of Tartu",
  amount: "125000.00" as string | null,
  currency: "EUR" as string | null,
  published_at: "2025-03-01T09:00:00.000Z",
  deadline: "2025-04-01T12:00:00.000Z" as string | null,
  countries: [] as string[],
  cpv_codes: [] as string[],
};

/** An attachment to register; with `bytes` it is also stored and marked downloaded (`ready`). */
export interface SeedAttachment {
  /** Default `document-<position>`. */
  filename?: string;
  /** Default `https://files.example.org/<external id>/<filename>`. */
  sourceUrl?: string;
  contentType?: string | null;
  /** Default none: listed by its filename. */
  title?: string | null;
  bytes?: Uint8Array;
}

/** A chunk to store: its text, and the filename of the attachment it comes from (none: metadata). */
export interface SeedChunk {
  content: string;
  attachment?: string;
}

/** Where attachment bytes go: the `put` of a blob storage. */
export interface SeedStorage {
  put(
    key: string,
    body: Readable,
    options: { maxBytes: number },
  ): Promise<{ key: string; sizeBytes: number; sha256: string }>;
}

export interface SeedTenderOptions extends Partial<typeof SEED_TENDER_FIELDS> {
  /** Source code, default `ted`. */
  source?: string;
  externalId?: string;
  /** Attachments by filename, or in full. */
  attachments?: readonly (string | SeedAttachment)[];
  /** Needed when an attachment has `bytes`. */
  storage?: SeedStorage;
  /** Chunks embedded by the fake provider, as the indexer would store them. */
  chunks?: readonly (string | SeedChunk)[];
  /**
   * The model name the chunks are stored under (default the fake provider's): Search only ranks
   * chunks of the model that embeds the query. The vectors are the fake provider's either way.
   */
  embeddingModel?: string;
  /** Its procedure (found or made by this key in its source) and its kind there. */
  procedure?: { key: string; kind: NoticeKind };
  /** Awards to store (a result notice's), with the buyer organisation they point to. */
  awards?: readonly StoredAward[];
  buyerOrganisationId?: string | null;
  /** The stored payload; default one no source would write. */
  rawPayload?: Record<string, unknown>;
  /** Writes the tender's `TenderChangedV1` to the outbox on this subject, as an ingest service does. */
  eventSubject?: string;
}

export interface SeededTender {
  id: string;
  title: string;
  sourceUrl: string;
  /** The real content hash of the stored tender and attachments. */
  contentHash: string;
  /** Attachment id by filename. */
  attachmentIds: Map<string, string>;
}

/**
 * Test data: a new tender (every call makes one) with its attachments, optionally downloaded
 * ones and indexed chunks, its content hash set, and optionally its change event in the outbox,
 * all in one transaction.
 */
export async function seedTender(db: Db, options: SeedTenderOptions = {}): Promise<SeededTender> {
  const externalId = options.externalId ?? `T-${randomUUID()}`;
  const fields = { ...SEED_TENDER_FIELDS };
  for (const name of Object.keys(fields) as (keyof typeof fields)[]) {
    if (options[name] !== undefined) Object.assign(fields, { [name]: options[name] });
  }
  const sourceUrl = `https://example.org/notices/${externalId}`;
  const attachments = (options.attachments ?? []).map((given, position) => {
    const a = typeof given === "string" ? { filename: given } : given;
    const filename = a.filename ?? `document-${position}`;
    return {
      ...a,
      filename,
      sourceUrl: a.sourceUrl ?? `https://files.example.org/${externalId}/${encodeURIComponent(filename)}`,
    };
  });
  return db.transaction().execute(async (trx) => {
    const source = await ensureSource(trx, options.source ?? "ted");
    const { id } = await upsertTender(trx, {
      ...fields,
      sourceId: source.id,
      external_id: externalId,
      source_url: sourceUrl,
      contentHash: "0".repeat(64),
      rawPayload: options.rawPayload ?? { secret: "raw payload must never be shown" },
    });
    await syncTenderAttachments(
      trx,
      id,
      attachments.map((a) => ({
        external_id: null,
        title: a.title ?? null,
        filename: a.filename,
        source_url: a.sourceUrl,
        content_type: a.contentType ?? null,
      })),
    );
    const rows = await listAttachmentsForTender(trx, id);
    const attachmentIds = new Map<string, string>();
    for (const a of attachments) {
      const row = rows.find((r) => r.source_url === a.sourceUrl);
      if (!row) throw new Error(`seeded attachment ${a.filename} vanished`);
      attachmentIds.set(a.filename, row.id);
      if (a.bytes === undefined) continue;
      if (!options.storage) throw new Error(`attachment ${a.filename} has bytes but no storage was given`);
      const stored = await options.storage.put(`${id}/${row.id}`, Readable.from([Buffer.from(a.bytes)]), {
        maxBytes: 1 << 30,
      });
      await markAttachmentReady(trx, row.id, {
        localPath: stored.key,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      });
    }
    const embeddingModel = options.embeddingModel ?? FAKE_MODEL;
    const chunks: NewChunk[] = (options.chunks ?? []).map((chunk, position) => {
      const { content, attachment } = typeof chunk === "string" ? { content: chunk } : chunk;
      const embedding = fakeEmbed(content);
      if (!embedding) throw new Error(`seed chunk without tokens: ${content}`);
      const attachmentId = attachment === undefined ? null : (attachmentIds.get(attachment) ?? null);
      if (attachment !== undefined && attachmentId === null) throw new Error(`no attachment ${attachment}`);
      return {
        attachmentId,
        chunkKey: chunkKey({ tenderId: id, attachmentId, position, content, embeddingModel }),
        content,
        embedding,
        embeddingModel,
        position,
        section: attachmentId ? "attachment" : "metadata",
        contentHash: sha256Hex(content),
      };
    });
    if (chunks.length > 0) await replaceTenderChunks(trx, id, chunks);
    if (options.procedure) {
      const procedureId = await lockProcedure(trx, source.id, options.procedure.key);
      await setTenderProcedure(trx, id, {
        procedureId,
        kind: options.procedure.kind,
        supersedesExternalId: null,
      });
    }
    if (options.awards || options.buyerOrganisationId !== undefined) {
      const awards = options.awards ?? [];
      const buyer = options.buyerOrganisationId ?? null;
      await replaceTenderAwards(trx, id, awards, buyer);
      const ends = awards.flatMap((a) => (a.contract_end === null ? [] : [a.contract_end])).sort();
      await setTenderAwardFacts(trx, id, {
        buyerOrganisationId: buyer,
        awardsUnreadable: null,
        contractEnd: ends[0] ?? null,
      });
    }
    const input = await loadContentHashInput(trx, id);
    if (!input) throw new Error("seeded tender vanished");
    const hash = contentHash(input);
    await setTenderContentHash(trx, id, hash);
    if (options.eventSubject !== undefined) {
      await enqueueTenderChanged(trx, { tenderId: id, contentHash: hash, subject: options.eventSubject });
    }
    return { id, title: fields.title, sourceUrl, contentHash: hash, attachmentIds };
  });
}
