import { randomUUID } from "node:crypto";
import { currentTraceparent } from "@tender/observability";
import * as v from "valibot";
import type { Db } from "../database.js";
import { insertOutboxEvent } from "./outbox.repository.js";

/** An event contract: `schema_version`, `event_id` and `occurred_at` are filled in here. */
type EventSchema = v.GenericSchema<unknown, { event_id: string } & Record<string, unknown>>;

/**
 * Writes one event to the outbox in the caller's transaction, so it exists exactly when the
 * change it announces is committed: version 1, a fresh `event_id`, `occurred_at` = `now`, and
 * `fields`, checked against the contract's schema. The row keeps the `traceparent` of the span
 * active here (the ingest page, the consumer's handling), so the trace goes on through NATS to
 * the next consumer; read from the async context because every writer is inside one. Throws, writing nothing, when the event is malformed:
 * consumers would only dead-letter it.
 */
export async function enqueueEvent<S extends EventSchema>(
  db: Db,
  contract: { name: string; schema: S },
  subject: string,
  fields: Record<string, unknown>,
  now: Date = new Date(),
): Promise<v.InferOutput<S>> {
  const checked = v.safeParse(contract.schema, {
    schema_version: 1,
    event_id: randomUUID(),
    occurred_at: now.toISOString(),
    ...fields,
  });
  if (!checked.success) throw new Error(`Invalid ${contract.name} event: ${v.summarize(checked.issues)}`);
  const event = checked.output;
  await insertOutboxEvent(db, {
    eventId: event.event_id,
    subject,
    payload: { ...event },
    traceparent: currentTraceparent(),
  });
  return event;
}
