import type { JetStreamClient, JsMsg } from "@nats-io/jetstream";
import { SpanKind, trace } from "@opentelemetry/api";
import { abortableDelay, backoffDelayMs } from "@tender/backoff";
import { contextFromTraceparent, inSpan, markSpanFailed } from "@tender/observability";
import type { BusLogger } from "./bus-logger.js";
import { errorMessage } from "./error-message.js";
import { isPermanentError } from "./permanent-error.js";
import { publishDeadLetter } from "./publish-dead-letter.js";
import type { PayloadValidator, SubjectEntry } from "./subject-catalog.js";
import { TRACEPARENT_HEADER } from "./traceparent-header.js";

/** What a handler learns about the delivery besides the event. */
export interface ConsumerContext {
  /** 1 on the first delivery. */
  deliveryCount: number;
  /**
   * Aborted when the consumer is asked to stop (the handler may finish or give up: the message is
   * redelivered), or when the attempt ran past its maximum handling time (it already counts as failed).
   */
  signal: AbortSignal;
  /**
   * Resets the server's ack timer; the runner also calls it periodically while the handler runs.
   * Does nothing once the attempt ran past its maximum handling time.
   */
  working(): void;
}

/** Processes one event; resolves only after its own database transaction committed. */
export type ConsumerHandler<T> = (event: T, ctx: ConsumerContext) => Promise<void>;

export interface HandleMessageDeps<T> {
  js: Pick<JetStreamClient, "publish">;
  entry: SubjectEntry<T>;
  consumer: string;
  validate: PayloadValidator<T>;
  handler: ConsumerHandler<T>;
  logger: BusLogger;
  signal: AbortSignal;
  /** One attempt's bound: past it the attempt fails (retried or dead-lettered like any failure). */
  maxHandlingMs: number;
}

/** One attempt at a message ran longer than the consumer's maximum handling time. */
export class HandlingTimeoutError extends Error {
  override readonly name = "HandlingTimeoutError";
  constructor(readonly maxHandlingMs: number) {
    super(`handling took longer than ${maxHandlingMs} ms`);
  }
}

type Decoded = { ok: true; value: unknown } | { ok: false; reason: string };

function decodeJson(data: Uint8Array): Decoded {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(data)) };
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  }
}

function logFields(msg: JsMsg, consumer: string): Record<string, unknown> {
  return { consumer, stream: msg.info.stream, stream_seq: msg.seq, delivery_count: msg.info.deliveryCount };
}

/**
 * Stores the message in the dead-letter stream, then terminates it. Until the copy is stored
 * (NATS briefly unavailable) the message is kept alive and the copy retried: it is never dropped.
 */
async function deadLetter<T>(msg: JsMsg, deps: HandleMessageDeps<T>, kind: string, reason: string) {
  const target = { dlqSubject: deps.entry.dlqSubject, consumer: deps.consumer };
  for (let failures = 1; ; failures += 1) {
    try {
      await publishDeadLetter(deps.js, msg, target, reason);
      break;
    } catch (error) {
      deps.logger.error(
        { ...logFields(msg, deps.consumer), err: errorMessage(error) },
        "Dead-lettering failed",
      );
      if (deps.signal.aborted) return msg.nak();
      msg.working();
      await abortableDelay(backoffDelayMs(failures, { initialMs: 500, maxMs: 10_000 }), deps.signal);
    }
  }
  // Plain term(): nats-server 2.9 ignores a reason; the reason travels in the dead letter.
  msg.term();
  markSpanFailed(trace.getActiveSpan(), `dead-lettered: ${kind}`);
  deps.logger.warn({ ...logFields(msg, deps.consumer), dlq_kind: kind }, "Message dead-lettered");
}

async function onHandlerError<T>(msg: JsMsg, deps: HandleMessageDeps<T>, error: unknown): Promise<void> {
  const { maxDeliver, backoff } = deps.entry.delivery;
  const deliveryCount = msg.info.deliveryCount;
  const fields = { ...logFields(msg, deps.consumer), err: errorMessage(error) };
  if (isPermanentError(error)) {
    return deadLetter(msg, deps, "permanent", `permanent failure: ${errorMessage(error)}`);
  }
  if (deps.signal.aborted) {
    // Shutting down: another instance may take it at once.
    deps.logger.info(fields, "Handler stopped by shutdown; message returned");
    return msg.nak();
  }
  if (deliveryCount >= maxDeliver) {
    const reason = `handler failed on all ${deliveryCount} deliveries; last error: ${errorMessage(error)}`;
    return deadLetter(msg, deps, "max_deliveries", reason);
  }
  const delayMs = backoffDelayMs(deliveryCount, backoff);
  deps.logger.warn({ ...fields, retry_in_ms: delayMs }, "Handler failed; message will be redelivered");
  msg.nak(delayMs);
}

/**
 * Validates one message, runs the handler and acknowledges, retries or dead-letters it, all in a
 * `process <subject>` span: the child of the publish span named by the message's `traceparent`
 * header, or a new trace when the header is absent or not a valid traceparent.
 */
export function handleMessage<T>(msg: JsMsg, deps: HandleMessageDeps<T>): Promise<void> {
  const attributes = {
    "messaging.system": "nats",
    "messaging.operation.type": "process",
    "messaging.destination.name": deps.entry.subject,
    "messaging.consumer.group.name": deps.consumer,
    "messaging.message.delivery_count": msg.info.deliveryCount,
    "messaging.nats.stream_sequence": msg.seq,
  };
  const parent = contextFromTraceparent(readTraceparent(msg));
  return inSpan(`process ${deps.entry.subject}`, { kind: SpanKind.CONSUMER, attributes, parent }, () =>
    handleAttempt(msg, deps),
  );
}

// Whatever a publisher put in the headers, a bad one only costs the message its trace.
function readTraceparent(msg: JsMsg): string | undefined {
  try {
    return msg.headers?.get(TRACEPARENT_HEADER);
  } catch {
    return undefined;
  }
}

async function handleAttempt<T>(msg: JsMsg, deps: HandleMessageDeps<T>): Promise<void> {
  const { ackWaitMs, maxDeliver } = deps.entry.delivery;
  const deliveryCount = msg.info.deliveryCount;
  if (deliveryCount > maxDeliver) {
    // The last attempt never answered (its process died): the spare delivery only dead-letters.
    return deadLetter(msg, deps, "max_deliveries", `not acknowledged after ${maxDeliver} deliveries`);
  }
  const decoded = decodeJson(msg.data);
  if (!decoded.ok) return deadLetter(msg, deps, "invalid_json", `invalid JSON: ${decoded.reason}`);
  const checked = deps.validate(decoded.value);
  if (!checked.ok) {
    return deadLetter(msg, deps, "schema_invalid", `schema validation failed: ${checked.errors.join("; ")}`);
  }

  // A handler stuck on a dependency (a query behind a lock, a storage read that never ends)
  // would keep its message alive forever through working(): past maxHandlingMs the runner stops
  // extending the ack timer, aborts the handler's signal and counts the attempt as failed. The
  // handler may still finish later; redelivery is harmless (consumers compare content hashes).
  // (One controller fed by both causes, rather than AbortSignal.any, whose derived signal only
  // holds weak references to its sources.)
  const attempt = new AbortController();
  const stop = () => attempt.abort(deps.signal.reason);
  if (deps.signal.aborted) stop();
  else deps.signal.addEventListener("abort", stop, { once: true });
  let timedOut = false;
  const working = () => {
    if (!timedOut) msg.working();
  };
  const timer = setInterval(working, Math.max(50, Math.floor(ackWaitMs / 3)));
  let deadline: NodeJS.Timeout | undefined;
  const overdue = new Promise<never>((_, reject) => {
    deadline = setTimeout(() => {
      timedOut = true;
      const error = new HandlingTimeoutError(deps.maxHandlingMs);
      attempt.abort(error);
      reject(error);
    }, deps.maxHandlingMs);
  });
  const settle = () => {
    clearInterval(timer);
    clearTimeout(deadline);
    deps.signal.removeEventListener("abort", stop);
  };
  try {
    const handled = deps.handler(checked.value, { deliveryCount, signal: attempt.signal, working });
    await Promise.race([handled, overdue]);
  } catch (error) {
    settle();
    markSpanFailed(trace.getActiveSpan(), error);
    return onHandlerError(msg, deps, error);
  } finally {
    settle();
  }
  // Confirmed ack: after a shutdown the server has it, not just the socket buffer.
  const acked = await msg.ackAck().catch(() => false);
  if (!acked)
    deps.logger.warn(logFields(msg, deps.consumer), "Ack not confirmed; the message may be redelivered");
}
