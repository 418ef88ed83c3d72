import { TENDER_INDEXED_SUBJECT, TenderIndexedV1 } from "@tender/contracts";
import type { Db } from "../database.js";
import { enqueueEvent } from "./enqueue-event.js";

export interface EnqueueTenderIndexedInput {
  tenderId: string;
  /** The content hash that was indexed. */
  contentHash: string;
  /** The model of the tender's vectors. */
  embeddingModel: string;
  now?: Date;
  /** Subject to publish on; default `tender.indexed.v1` (tests use their own). */
  subject?: string;
}

/**
 * Writes a `TenderIndexedV1` event to the outbox in the caller's transaction: the indexer calls
 * it in the transaction that swaps the tender's chunks, when they changed (docs/events.md#tenderindexedv1).
 */
export function enqueueTenderIndexed(db: Db, input: EnqueueTenderIndexedInput): Promise<TenderIndexedV1> {
  return enqueueEvent(
    db,
    { name: "TenderIndexedV1", schema: TenderIndexedV1 },
    input.subject ?? TENDER_INDEXED_SUBJECT,
    { tender_id: input.tenderId, content_hash: input.contentHash, embedding_model: input.embeddingModel },
    input.now,
  );
}
