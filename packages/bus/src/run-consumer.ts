import type { Consumer, JetStreamClient } from "@nats-io/jetstream";
import { abortableDelay, backoffDelayMs } from "@tender/backoff";
import type { BusLogger } from "./bus-logger.js";
import { errorMessage } from "./error-message.js";
import { type ConsumerHandler, handleMessage } from "./handle-message.js";
import type { PayloadValidator, SubjectEntry } from "./subject-catalog.js";

export interface RunConsumerOptions<T> {
  js: JetStreamClient;
  /** The subject's catalog entry (stream, DLQ, delivery settings, validator). */
  entry: SubjectEntry<T>;
  /** Durable consumer name; one of `entry.consumers`. */
  consumer: string;
  handler: ConsumerHandler<T>;
  logger: BusLogger;
  /** Abort to stop: no more pulls, in-flight handlers finish and are acknowledged, then the promise resolves. */
  signal: AbortSignal;
  /** Default: `entry.createValidator()`. */
  validate?: PayloadValidator<T>;
  /** Messages handled at once; default 1. */
  concurrency?: number;
  /** How long one pull request waits for messages; default 10 s (a stop does not wait for it). */
  pullExpiresMs?: number;
  /**
   * One attempt's bound (`MESSAGE_MAX_HANDLING_MS`); default 15 minutes. Past it the message's
   * ack timer is no longer extended and the attempt counts as failed.
   */
  maxHandlingMs?: number;
}

/** Default bound of one attempt at one message. */
export const DEFAULT_MAX_HANDLING_MS = 900_000;

function whenAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}

/**
 * Pulls from a durable consumer and runs `handler` for each valid event until `signal` aborts.
 * Invalid JSON and schema-invalid messages are dead-lettered without retry; a failing handler is
 * retried with exponential backoff and dead-lettered after `maxDeliver` attempts (at once for a
 * `PermanentError`); so is an attempt running past `maxHandlingMs`. A message is acknowledged
 * only after the handler resolved.
 */
export async function runConsumer<T>(options: RunConsumerOptions<T>): Promise<void> {
  const { js, entry, consumer: name, logger, signal } = options;
  if (!entry.consumers.includes(name)) {
    throw new Error(
      `Consumer "${name}" is not a consumer of ${entry.subject} (${entry.consumers.join(", ")}).`,
    );
  }
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const deps = {
    ...options,
    consumer: name,
    validate: options.validate ?? entry.createValidator(),
    maxHandlingMs: options.maxHandlingMs ?? DEFAULT_MAX_HANDLING_MS,
  };
  const aborted = whenAborted(signal);
  const inFlight = new Set<Promise<void>>();
  let consumer: Consumer | undefined;
  let failures = 0;

  while (!signal.aborted) {
    if (inFlight.size >= concurrency) {
      await Promise.race([aborted, ...inFlight]);
      continue;
    }
    try {
      consumer ??= await js.consumers.get(entry.stream, name);
      const batch = await consumer.fetch({
        max_messages: concurrency - inFlight.size,
        expires: options.pullExpiresMs ?? 10_000,
      });
      // Closing ends the pull; messages already received are still yielded and handled.
      const stop = () => void batch.close();
      signal.addEventListener("abort", stop, { once: true });
      try {
        for await (const msg of batch) {
          const task: Promise<void> = handleMessage(msg, deps)
            .catch((error: unknown) => {
              logger.error(
                { consumer: name, stream_seq: msg.seq, err: errorMessage(error) },
                "Message handling failed",
              );
            })
            .finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
      } finally {
        signal.removeEventListener("abort", stop);
      }
      failures = 0;
    } catch (error) {
      failures += 1;
      const delayMs = backoffDelayMs(failures, { initialMs: 500, maxMs: 10_000 });
      logger.warn(
        { consumer: name, stream: entry.stream, err: errorMessage(error), retry_in_ms: delayMs },
        "Pulling messages failed",
      );
      await abortableDelay(delayMs, signal);
    }
  }
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
