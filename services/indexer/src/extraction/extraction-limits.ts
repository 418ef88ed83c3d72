/** Bounds on what one attachment may expand to; a container beyond them is refused, not expanded. */
export interface ExtractionLimits {
  /** Entries (files and folders) in one archive or office document. */
  maxEntries: number;
  /** Uncompressed size of one entry, as declared and as actually inflated. */
  maxEntryBytes: number;
  /** Uncompressed bytes reserved by all containers of one attachment together (nested ones included). */
  maxTotalBytes: number;
  /** Uncompressed ÷ compressed size of one entry, checked for entries above `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** ZIP archives around an entry: 2 allows a zip inside a zip, not a third level. */
  maxArchiveDepth: number;
  /** Characters of text kept per attachment; the rest is dropped and recorded as `truncated`. */
  maxTextChars: number;
}

const MiB = 1024 * 1024;

/**
 * Defaults: generous for real tender documents (office files compress text about 5-20:1),
 * far below what a zip bomb expands to (deflate reaches about 1000:1).
 */
export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = Object.freeze({
  maxEntries: 2_000,
  maxEntryBytes: 100 * MiB,
  maxTotalBytes: 256 * MiB,
  maxRatio: 100,
  ratioFloorBytes: 1 * MiB,
  maxArchiveDepth: 2,
  maxTextChars: 2_000_000,
});
