import type { ErrorResponse } from "@tender/contracts";

/** One Server-Sent Event: its name and a JSON value (JSON text never holds a raw line break). */
export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** The media type a client names in `Accept` to get a streamed answer. */
export const EVENT_STREAM = "text/event-stream";

/** True when `Accept` lists `text/event-stream` (parameters and case ignored). */
export function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? "")
    .split(",")
    .some((range) => range.split(";")[0]?.trim().toLowerCase() === EVENT_STREAM);
}

const encoder = new TextEncoder();
const format = ({ event, data }: ServerSentEvent) =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * A `200 text/event-stream` response writing `events` as they come. When the client goes away
 * the body is cancelled: `abort` is aborted (the producer stops its model request) and the
 * iteration is ended. A failure of `events` after the first byte becomes one `error` event
 * holding the envelope `toEnvelope` makes of it; the stream then ends.
 */
export function eventStreamResponse(
  events: AsyncIterable<ServerSentEvent>,
  abort: AbortController,
  toEnvelope: (error: unknown) => ErrorResponse,
): Response {
  const iterator = events[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(format(next.value));
      } catch (error) {
        if (abort.signal.aborted) return;
        controller.enqueue(format({ event: "error", data: toEnvelope(error) }));
        controller.close();
      }
    },
    async cancel(reason) {
      abort.abort(reason ?? new Error("the client went away"));
      await iterator.return?.().catch(() => {});
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": `${EVENT_STREAM}; charset=utf-8`,
      "cache-control": "no-cache",
      // Proxies such as nginx would otherwise hold the events back.
      "x-accel-buffering": "no",
    },
  });
}
