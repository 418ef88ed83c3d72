import { JetStreamApiCodes, JetStreamApiError } from "@nats-io/jetstream";
import { redactConnectionString } from "@tender/config";

/** One line saying what went wrong on NATS, with what to do where that is known. Never a stack. */
export function describeBusError(error: unknown, natsUrl: string): string {
  if (error instanceof JetStreamApiError) {
    if (error.code === JetStreamApiCodes.StreamNotFound) {
      return `a stream does not exist on NATS at ${natsUrl} (${error.message}) — start any service once (they create the streams) or check BUS_PREFIX.`;
    }
    return `NATS JetStream at ${natsUrl} refused: ${error.message} (code ${error.code})`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `NATS operation at ${natsUrl} failed: ${redactConnectionString(message.split("\n", 1)[0] ?? "")}`;
}

/** True when `error` says the consumer (or its stream) does not exist. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof JetStreamApiError &&
    (error.code === JetStreamApiCodes.ConsumerNotFound || error.code === JetStreamApiCodes.StreamNotFound)
  );
}
