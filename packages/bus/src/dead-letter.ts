import type { JetStreamClient, JetStreamManager, StoredMsg } from "@nats-io/jetstream";
import type { BusTopology } from "./bus-topology.js";
import { DlqHeaders } from "./dlq-headers.js";
import { catalogEntries } from "./subject-catalog.js";

/** A dead-lettered message as operators see it. */
export interface DeadLetter {
  /** Sequence in the dead-letter stream (the handle for retry). */
  seq: number;
  deadLetteredAt: string;
  reason: string;
  consumer: string;
  originalSubject: string;
  originalStream: string;
  originalSeq: number | null;
  deliveryCount: number | null;
  /** The original body as text (it may not be JSON: that can be why it is here). */
  payload: string;
}

function toNumber(value: string): number | null {
  return value === "" ? null : Number(value);
}

function toDeadLetter(m: StoredMsg): DeadLetter {
  const h = m.header;
  return {
    seq: m.seq,
    deadLetteredAt: m.time.toISOString(),
    reason: h.get(DlqHeaders.Reason),
    consumer: h.get(DlqHeaders.Consumer),
    originalSubject: h.get(DlqHeaders.OriginalSubject),
    originalStream: h.get(DlqHeaders.OriginalStream),
    originalSeq: toNumber(h.get(DlqHeaders.OriginalSeq)),
    deliveryCount: toNumber(h.get(DlqHeaders.DeliveryCount)),
    payload: new TextDecoder().decode(m.data),
  };
}

/** Up to `limit` dead letters, oldest first. */
export async function listDeadLetters(
  jsm: JetStreamManager,
  topology: BusTopology,
  limit = 100,
): Promise<DeadLetter[]> {
  const stream = topology.names.dlqStream;
  const { state } = await jsm.streams.info(stream);
  const found: DeadLetter[] = [];
  // An empty stream reports sequence 0, which is not a message.
  if (state.messages === 0) return found;
  for (let seq = state.first_seq; seq <= state.last_seq && found.length < limit; seq += 1) {
    // Retried (deleted) sequences leave gaps: they read as null.
    const m = await jsm.streams.getMessage(stream, { seq });
    if (m) found.push(toDeadLetter(m));
  }
  return found;
}

/**
 * Publishes a dead letter's original payload again on its original subject (every consumer of
 * that subject receives it again; they are idempotent) and deletes it from the dead-letter stream.
 */
export async function retryDeadLetter(
  js: JetStreamClient,
  jsm: JetStreamManager,
  topology: BusTopology,
  seq: number,
): Promise<{ subject: string; seq: number }> {
  const stream = topology.names.dlqStream;
  const m = await jsm.streams.getMessage(stream, { seq });
  if (!m) throw new Error(`Dead letter ${seq} does not exist in ${stream}.`);
  const subject = m.header.get(DlqHeaders.OriginalSubject);
  if (!catalogEntries(topology.catalog).some((entry) => entry.subject === subject)) {
    throw new Error(`Dead letter ${seq} has an unknown original subject "${subject}".`);
  }
  // Not the original event id: the server would drop it as a duplicate within the window.
  const ack = await js.publish(subject, m.data, { msgID: `dlq-retry:${stream}:${seq}` });
  await jsm.streams.deleteMessage(stream, seq);
  return { subject, seq: ack.seq };
}
