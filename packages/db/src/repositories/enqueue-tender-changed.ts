import { randomUUID } from "node:crypto";
import { TENDER_CHANGED_SUBJECT, TenderChangedV1 } from "@tender/contracts";
import * as v from "valibot";
import type { Db } from "../database.js";
import { insertOutboxEvent } from "./outbox.repository.js";

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
export async function enqueueTenderChanged(
  db: Db,
  input: EnqueueTenderChangedInput,
): Promise<TenderChangedV1> {
  const checked = v.safeParse(TenderChangedV1, {
    schema_version: 1,
    event_id: randomUUID(),
    occurred_at: (input.now ?? new Date()).toISOString(),
    tender_id: input.tenderId,
    content_hash: input.contentHash,
  });
  if (!checked.success) throw new Error(`Invalid TenderChangedV1 event: ${v.summarize(checked.issues)}`);
  const event = checked.output;
  await insertOutboxEvent(db, {
    eventId: event.event_id,
    subject: input.subject ?? TENDER_CHANGED_SUBJECT,
    payload: { ...event },
  });
  return event;
}
