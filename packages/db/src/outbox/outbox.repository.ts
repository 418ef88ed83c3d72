import { sql } from "kysely";
import type { Db } from "../database.js";
import type { OutboxRow } from "./outbox.table.js";

/** An event to be published by the outbox relay. */
export interface NewOutboxEvent {
  /** Becomes the `Nats-Msg-Id`, so a row published twice is stored once by JetStream. */
  eventId: string;
  subject: string;
  payload: Record<string, unknown>;
  /** W3C traceparent the relay sends on (a valid `Traceparent`; the column checks it). */
  traceparent?: string | undefined;
}

// last_error is diagnostic text for operators; a driver message never needs more than this.
const MAX_ERROR_LENGTH = 1000;

/** Writes an event to the outbox; call it in the transaction of the change it announces. Returns the row id. */
export async function insertOutboxEvent(db: Db, event: NewOutboxEvent): Promise<number> {
  const row = await db
    .insertInto("outbox")
    .values({
      event_id: event.eventId,
      subject: event.subject,
      payload: JSON.stringify(event.payload),
      traceparent: event.traceparent ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Locks up to `limit` unpublished rows, oldest first, skipping rows another relay holds.
 * Must run inside a transaction: the locks, and so the claim, end with it.
 */
export async function claimOutboxBatch(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("published_at", "is", null)
    .orderBy("id")
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Marks rows as published (JetStream acknowledged them). */
export async function markOutboxPublished(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox")
    .set((eb) => ({ published_at: sql<Date>`now()`, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", [...ids])
    .execute();
}

/** Counts a failed publish attempt on rows that stay unpublished. */
export async function recordOutboxFailure(db: Db, ids: readonly number[], error: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: error.slice(0, MAX_ERROR_LENGTH) }))
    .where("id", "in", [...ids])
    .execute();
}

/**
 * Deletes up to `limit` rows published before `before`, oldest first, skipping rows another
 * relay holds. Returns how many went.
 */
export async function deletePublishedOutbox(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom("outbox")
    .where(
      "id",
      "in",
      db
        .selectFrom("outbox")
        .select("id")
        .where("published_at", "<", before)
        .orderBy("published_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Number of events still waiting for the relay. */
export async function countUnpublishedOutbox(db: Db): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("published_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
