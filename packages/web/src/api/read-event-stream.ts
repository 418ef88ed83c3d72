/** One Server-Sent Event: its name and its `data` lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits a `text/event-stream` body into events as the bytes arrive, calling `onEvent` for
 * each complete one. Resolves when the body ends; a trailing incomplete event is dropped
 * (the connection was cut mid-event).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = parseEventBlock(block);
      if (event) onEvent(event);
      end = buffer.indexOf("\n\n");
    }
  }
}

/** One event block's fields; null for a block with no data (a comment or a keep-alive). */
export function parseEventBlock(block: string): StreamEvent | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length > 0 ? { event, data: data.join("\n") } : null;
}
