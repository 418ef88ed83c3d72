import { TENDER_CHANGED_SUBJECT, TenderChangedV1 } from "@tender/contracts";
import type { Db } from "../database.js";
import { enqueueEvent } from "./enqueue-event.js";

export interface EnqueueTenderChangedInput {
  tenderId: string;
  /** The tender's current `content_hash` (64 lowercase hex characters). */
  contentHash: string;
  /** Time of the change; default now. */
  now?: Date;
  /** Subject to publish on; default `tender.changed.v1` (tests use their own). */
  subject?: string;
}

/**
 * Writes a `TenderChangedV1` event to the outbox, in the caller's transaction, so the event
 * exists exactly when the change it announces is committed. Returns the event. Throws, writing
 * nothing, when the ids are malformed: consumers would only dead-letter such an event.
 */
export function enqueueTenderChanged(db: Db, input: EnqueueTenderChangedInput): Promise<TenderChangedV1> {
  return enqueueEvent(
    db,
    { name: "TenderChangedV1", schema: TenderChangedV1 },
    input.subject ?? TENDER_CHANGED_SUBJECT,
    { tender_id: input.tenderId, content_hash: input.contentHash },
    input.now,
  );
}
