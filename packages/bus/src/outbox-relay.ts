import type { JetStreamClient } from "@nats-io/jetstream";
import { abortableDelay, backoffDelayMs } from "@tender/backoff";
import type { BusLogger } from "./bus-logger.js";
import { errorMessage } from "./error-message.js";
import type { OutboxStore } from "./outbox-store.js";

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
  signal: AbortSignal;
}

/** The outbox could not be published (NATS unavailable or refusing); the rows stay queued. */
export class OutboxPublishError extends Error {
  override readonly name = "OutboxPublishError";
}

/**
 * One relay step: claims up to `batchSize` unpublished rows (skipping rows other relays hold),
 * publishes them in order with `Nats-Msg-Id` = event id, marks them published and releases
 * them. Returns the number published. At the first publish failure the rest of the batch stays
 * queued, the failure is recorded on the row, and `OutboxPublishError` is thrown.
 */
export async function relayOutboxOnce(options: RelayOutboxOnceOptions): Promise<number> {
  const { outbox, js, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const timeout = options.publishTimeoutMs ?? 5_000;
  const outcome = await outbox.withClaimedBatch(batchSize, async (claim) => {
    const rows = claim.events;
    const published: number[] = [];
    for (const row of rows) {
      try {
        await js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.event_id, timeout });
        published.push(row.id);
      } catch (error) {
        await claim.markPublished(published);
        const message = errorMessage(error);
        await claim.recordFailure([row.id], message);
        logger.warn(
          {
            outbox_id: row.id,
            event_id: row.event_id,
            subject: row.subject,
            attempts: row.attempts + 1,
            err: message,
          },
          "Outbox event not published; it stays queued",
        );
        return { published: published.length, failure: message };
      }
    }
    await claim.markPublished(published);
    return { published: published.length, failure: undefined };
  });
  if (outcome.published > 0) logger.debug({ published: outcome.published }, "Outbox events published");
  if (outcome.failure !== undefined) {
    throw new OutboxPublishError(
      `Published ${outcome.published} outbox event(s), then failed: ${outcome.failure}`,
    );
  }
  return outcome.published;
}

/**
 * Publishes the outbox until `signal` aborts. While NATS (or the database) is unavailable the
 * rows stay queued and the relay retries with exponential backoff; several relays may run at once.
 */
export async function runOutboxRelay(options: RunOutboxRelayOptions): Promise<void> {
  const { signal, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 100;
  const backoff = {
    initialMs: pollIntervalMs,
    maxMs: Math.max(pollIntervalMs, options.maxBackoffMs ?? 30_000),
  };
  let failures = 0;
  while (!signal.aborted) {
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
