import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readEventStream, type StreamEvent } from "./read-event-stream.js";

function streamOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let last = 0;
  for (const p of [...points, bytes.length]) {
    pieces.push(bytes.slice(last, p));
    last = p;
  }
  return pieces;
}

describe("readEventStream", () => {
  it("gives the same events however the bytes are cut, multi-byte characters included", async () => {
    const events: StreamEvent[] = [
      { event: "sources", data: '{"sources":[]}' },
      { event: "delta", data: '{"text":"Поставка серверов — €5 "}' },
      { event: "done", data: '{"answer":"ok"}' },
    ];
    const body = new TextEncoder().encode(
      `: keep-alive\n\n${events.map((e) => `event: ${e.event}\ndata: ${e.data}\n\n`).join("")}event: error\ndata: {"cut`,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        const seen: StreamEvent[] = [];
        await readEventStream(streamOf(splitAt(body, cuts)), (e) => seen.push(e));
        // The last event was cut off mid-way: it never arrives.
        expect(seen).toEqual(events);
      }),
    );
  });

  it("reads CRLF line endings however the bytes are cut, a CR and its LF in different reads included", async () => {
    // Two data lines make one event: an LF read apart from its CR must not end the event early.
    const text =
      'event: delta\r\ndata: {"text":\r\ndata: "two lines"}\r\n\r\nevent: done\r\ndata: {}\r\n\r\n';
    const events: StreamEvent[] = [
      { event: "delta", data: '{"text":\n"two lines"}' },
      { event: "done", data: "{}" },
    ];
    const body = new TextEncoder().encode(text);
    const afterFirstCr = text.indexOf("\r") + 1;
    const seen: StreamEvent[] = [];
    await readEventStream(streamOf(splitAt(body, [afterFirstCr])), (e) => seen.push(e));
    expect(seen).toEqual(events);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        const cutSeen: StreamEvent[] = [];
        await readEventStream(streamOf(splitAt(body, cuts)), (e) => cutSeen.push(e));
        expect(cutSeen).toEqual(events);
      }),
    );
  });
});
