// Test support: publishing TenderIndexedV1 events as the indexer's outbox relay does.
import { randomUUID } from "node:crypto";
import { FAKE_MODEL } from "@tender/ai";
import type { Bus } from "@tender/bus";
import type { TenderIndexedV1 } from "@tender/contracts";

/** A `TenderIndexedV1` of the tender, with a fresh event id (a replay has a new one too). */
export function indexedEvent(
  tender: { id: string; contentHash: string },
  model = FAKE_MODEL,
): TenderIndexedV1 {
  return {
    schema_version: 1,
    event_id: randomUUID(),
    occurred_at: new Date().toISOString(),
    tender_id: tender.id,
    content_hash: tender.contentHash,
    embedding_model: model,
  };
}

/** Publishes a body (an event, or anything) on `subject`; resolves with its stream sequence. */
export async function publishBody(bus: Pick<Bus, "js">, subject: string, body: unknown): Promise<number> {
  const data = typeof body === "string" ? body : JSON.stringify(body);
  const ack = await bus.js.publish(subject, data, { msgID: randomUUID() });
  return ack.seq;
}
