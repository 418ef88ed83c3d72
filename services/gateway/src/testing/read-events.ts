/** A Server-Sent Event as a test reads it: its name and its parsed JSON data. */
export interface ReadEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: test helper; each test asserts the shape it reads.
  data: any;
}

/** Parses a whole `text/event-stream` body into its events (each `data` is one JSON line). */
export function parseEvents(text: string): ReadEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const fields = new Map(
        block
          .split("\n")
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
      );
      return { event: fields.get("event") ?? "message", data: JSON.parse(fields.get("data") ?? "null") };
    });
}

/** The events of a streamed response, read to its end. */
export async function readEvents(response: Response): Promise<ReadEvent[]> {
  return parseEvents(await response.text());
}
