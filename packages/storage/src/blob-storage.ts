import type { Readable } from "node:stream";

/** What `put` learned while streaming the bytes in. */
export interface StoredBlob {
  /** Storage key: what `attachments.local_path` holds. Never shown to API users. */
  key: string;
  sizeBytes: number;
  /** SHA-256 of the bytes, lowercase hex. */
  sha256: string;
}

export interface PutOptions {
  /** Refuse (and keep nothing) once more than this many bytes arrived. */
  maxBytes: number;
  signal?: AbortSignal;
}

/**
 * Where downloaded attachments live. `put` is atomic: either the whole object exists under
 * `key` afterwards, or nothing does (no half-written file is ever visible to `get`).
 */
export interface BlobStorage {
  put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredBlob>;
  /** Reads the whole object; throws `BlobNotFoundError` when it does not exist. */
  get(key: string): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/**
 * Storage whose writer can clean up after a crash. A process killed during `put` leaves an
 * invisible leftover (a temporary file, or chunks without metadata); `get` never sees it, but it
 * takes space until swept.
 */
export interface SweepableBlobStorage extends BlobStorage {
  /**
   * Removes leftovers of puts that never finished and were not written to for `olderThanMs`
   * (pick more than the longest possible put, so a put in progress is never touched).
   * Returns how many were removed.
   */
  sweepIncomplete(olderThanMs: number): Promise<number>;
}

/** The object does not exist. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`stored file ${key} does not exist`);
    this.name = "BlobNotFoundError";
  }
}

/** The body was larger than `maxBytes`; nothing was stored. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file is larger than the limit of ${maxBytes} bytes`);
    this.name = "BlobTooLargeError";
  }
}
