import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { capBody, EgressError } from "@tender/egress";
import { BlobTooLargeError } from "./blob-storage.js";

/** A body being streamed into storage, with what was learned so far. */
export interface MeteredBody {
  /** Yields the body's chunks; throws `BlobTooLargeError` past `maxBytes` and the abort reason once aborted. */
  chunks: AsyncGenerator<Uint8Array, void, undefined>;
  /** Size and SHA-256 (lowercase hex) of everything yielded; call once, after `chunks` finished. */
  finish(): { sizeBytes: number; sha256: string };
}

/** Wraps a body so both storage drivers count, hash and cap it the same way while it streams. */
export function meterBody(
  body: Readable | AsyncIterable<Uint8Array>,
  options: { maxBytes: number; signal?: AbortSignal | undefined },
): MeteredBody {
  const hash = createHash("sha256");
  let size = 0;
  async function* chunks(): AsyncGenerator<Uint8Array, void, undefined> {
    options.signal?.throwIfAborted();
    try {
      // The size cap is the one of @tender/egress, the same as for every body read from outside.
      for await (const bytes of capBody(body as AsyncIterable<Uint8Array | string>, options.maxBytes)) {
        options.signal?.throwIfAborted();
        size += bytes.byteLength;
        hash.update(bytes);
        yield bytes;
      }
    } catch (error) {
      if (error instanceof EgressError && error.code === "too_large")
        throw new BlobTooLargeError(options.maxBytes);
      throw error;
    }
    options.signal?.throwIfAborted();
  }
  return {
    chunks: chunks(),
    finish: () => ({ sizeBytes: size, sha256: hash.digest("hex") }),
  };
}
