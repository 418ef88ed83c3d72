import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { EgressError } from "./egress-error.js";
import { readCappedBody, readCappedText } from "./read-capped-body.js";

/** An endless web stream that counts the chunks it produced and whether it was cancelled. */
function endless() {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += 1;
      controller.enqueue(new Uint8Array(1024));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe("readCappedBody", () => {
  it("reads a body up to the cap, from a web stream or a Node stream", async () => {
    expect((await readCappedBody(new Response("12345").body, 5)).toString()).toBe("12345");
    expect((await readCappedBody(Readable.from([Buffer.from("ab"), Buffer.from("c")]), 3)).toString()).toBe(
      "abc",
    );
    expect((await readCappedBody(null, 0)).byteLength).toBe(0);
  });

  it("stops an endless body just past the cap and cancels the rest", async () => {
    const { stream, state } = endless();
    const error = await readCappedBody(stream, 10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EgressError);
    expect((error as EgressError).code).toBe("too_large");
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(20);
  });

  it("refuses a declared Content-Length above the cap without reading", async () => {
    const { stream, state } = endless();
    await expect(readCappedBody(stream, 100, "101")).rejects.toThrow("larger than 100 bytes");
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(1);
    // An unreadable header is ignored; the bytes are counted instead.
    await expect(readCappedText(new Response("ok").body, 100, "lots")).resolves.toBe("ok");
  });

  it("decodes UTF-8 text and drops a leading byte order mark", async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"s": "é"}')]);
    await expect(readCappedText(new Response(bytes).body, 100)).resolves.toBe('{"s": "é"}');
  });
});
