import type { JetStreamClient } from "@nats-io/jetstream";
import { headers } from "@nats-io/transport-node";
import { ROOT_CONTEXT, SpanKind, trace } from "@opentelemetry/api";
import { abortableDelay, backoffDelayMs } from "@tender/backoff";
import { contextFromTraceparent, currentTraceparent, inSpan } from "@tender/observability";
import type { BusLogger } from "./bus-logger.js";
import { errorMessage } from "./error-message.js";
import type { OutboxEvent, OutboxStore } from "./outbox-store.js";
import { TRACEPARENT_HEADER } from "./traceparent-header.js";

/** The part of the JetStream client the relay uses (tests wrap it). */
export type OutboxPublisher = Pick<JetStreamClient, "publish">;

export interface RelayOutboxOnceOptions {
  /** Where the events wait: the database's outbox table (see `OutboxStore`). */
  outbox: OutboxStore;
  js: OutboxPublisher;
  logger: BusLogger;
  batchSize?: number;
  /** Time to wait for JetStream's acknowledgement of one message; default 5000 ms. */
  publishTimeoutMs?: number;
}

export interface RunOutboxRelayOptions extends RelayOutboxOnceOptions {
  /** Pause when the outbox is empty; also the first backoff step after a failure. Default 500 ms. */
  pollIntervalMs?: number;
  /** Longest pause between attempts while NATS or the database fails; default 30 s. */
  maxBackoffMs?: number;
  /** Published rows are deleted once older than this; default 7 days. */
  retentionMs?: number;
  /** How often old published rows are looked for; default 10 minutes. */
  pruneIntervalMs?: number;
  signal: AbortSignal;
}

const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60_000;
const DEFAULT_PRUNE_INTERVAL_MS = 10 * 60_000;

/** The outbox could not be published (NATS unavailable or refusing); the rows stay queued. */
export class OutboxPublishError extends Error {
  override readonly name = "OutboxPublishError";
}

/**
 * One relay step: claims up to `batchSize` unpublished rows (skipping rows other relays hold),
 * publishes them all at once, in order on the one connection, with `Nats-Msg-Id` = event id, and
 * waits for the acknowledgements together; acknowledged rows are marked published, the others
 * stay queued with the failure recorded (and `OutboxPublishError` is thrown). Returns the number
 * published. A failed row may thus be published after later ones: consumers compare content
 * hashes, so the order of events does not matter to them.
 */
export async function relayOutboxOnce(options: RelayOutboxOnceOptions): Promise<number> {
  const { outbox, js, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const timeout = options.publishTimeoutMs ?? 5_000;
  const outcome = await outbox.withClaimedBatch(batchSize, async (claim) => {
    const rows = claim.events;
    const acks = await Promise.allSettled(rows.map((row) => publishRow(js, row, timeout)));
    const published = rows.filter((_, i) => acks[i]?.status === "fulfilled").map((row) => row.id);
    await claim.markPublished(published);
    const failed = rows.filter((_, i) => acks[i]?.status === "rejected");
    const firstFailure = acks.find((a): a is PromiseRejectedResult => a.status === "rejected");
    if (!firstFailure || failed.length === 0) return { published: published.length, failure: undefined };
    const message = errorMessage(firstFailure.reason);
    await claim.recordFailure(
      failed.map((row) => row.id),
      message,
    );
    logger.warn(
      {
        not_published: failed.length,
        first_outbox_id: failed[0]?.id,
        first_event_id: failed[0]?.event_id,
        err: message,
      },
      "Outbox events not published; they stay queued",
    );
    return { published: published.length, failure: message };
  });
  if (outcome.published > 0) logger.debug({ published: outcome.published }, "Outbox events published");
  if (outcome.failure !== undefined) {
    throw new OutboxPublishError(
      `Published ${outcome.published} outbox event(s); the others failed: ${outcome.failure}`,
    );
  }
  return outcome.published;
}

/**
 * Publishes one row in a `publish <subject>` span, the child of the span that wrote the row; the
 * message's `traceparent` header names the publish span, so the consumer's span is its child.
 */
function publishRow(js: OutboxPublisher, row: OutboxEvent, timeout: number) {
  const attributes = {
    "messaging.system": "nats",
    "messaging.operation.type": "send",
    "messaging.destination.name": row.subject,
    "messaging.message.id": row.event_id,
  };
  const parent = contextFromTraceparent(row.traceparent);
  return inSpan(`publish ${row.subject}`, { kind: SpanKind.PRODUCER, attributes, parent }, (span) => {
    const h = headers();
    const traceparent = currentTraceparent(trace.setSpan(ROOT_CONTEXT, span));
    if (traceparent) h.set(TRACEPARENT_HEADER, traceparent);
    return js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.event_id, timeout, headers: h });
  });
}

/**
 * Deletes published rows older than `retentionMs`, in batches of `batchSize`, until none is left
 * (at most `maxBatches` batches, so one call stays short). Returns how many went.
 */
export async function pruneOutbox(
  outbox: OutboxStore,
  retentionMs: number,
  batchSize = 1000,
  maxBatches = 20,
): Promise<number> {
  const before = new Date(Date.now() - retentionMs);
  let deleted = 0;
  for (let i = 0; i < maxBatches; i += 1) {
    const n = await outbox.deletePublished(before, batchSize);
    deleted += n;
    if (n < batchSize) break;
  }
  return deleted;
}

/**
 * Publishes the outbox until `signal` aborts. While NATS (or the database) is unavailable the
 * rows stay queued and the relay retries with exponential backoff; several relays may run at once.
 * Every `pruneIntervalMs` it deletes published rows older than `retentionMs`, so the table does
 * not grow forever (a failed prune is logged and tried at the next interval).
 */
export async function runOutboxRelay(options: RunOutboxRelayOptions): Promise<void> {
  const { signal, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 100;
  const backoff = {
    initialMs: pollIntervalMs,
    maxMs: Math.max(pollIntervalMs, options.maxBackoffMs ?? 30_000),
  };
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  const pruneIntervalMs = options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS;
  let prunedAt = Number.NEGATIVE_INFINITY;
  let failures = 0;
  while (!signal.aborted) {
    if (performance.now() - prunedAt >= pruneIntervalMs) {
      prunedAt = performance.now();
      await pruneOutbox(options.outbox, retentionMs).then(
        (deleted) => {
          if (deleted > 0) logger.info({ deleted }, "Old published outbox events deleted");
        },
        (error: unknown) => logger.warn({ err: errorMessage(error) }, "Deleting old outbox events failed"),
      );
    }
    try {
      const published = await relayOutboxOnce({ ...options, batchSize });
      if (failures > 0) logger.info({ failures }, "Outbox relay recovered");
      failures = 0;
      // A full batch means more rows are probably waiting.
      if (published === batchSize) continue;
      await abortableDelay(pollIntervalMs, signal);
    } catch (error) {
      failures += 1;
      const delayMs = backoffDelayMs(failures, backoff);
      // The publish failure itself was logged per row; a database failure is logged here.
      if (!(error instanceof OutboxPublishError)) {
        logger.warn({ err: errorMessage(error), failures, retry_in_ms: delayMs }, "Outbox relay step failed");
      }
      await abortableDelay(delayMs, signal);
    }
  }
}
