import { createParser } from "eventsource-parser";

/** One Server-Sent Event: its name and its `data` lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits a `text/event-stream` body into events as the bytes arrive, calling `onEvent` for
 * each complete one. Resolves when the body ends; a trailing incomplete event is dropped
 * (the connection was cut mid-event). Comments (keep-alives) are skipped.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const parser = createParser({
    onEvent: ({ event, data }) => onEvent({ event: event ?? "message", data }),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
