import { zipSync } from "fflate";
import { ExtractionError } from "./extraction-error.js";
import type { ExtractionLimits } from "./extraction-limits.js";
import { inflateZipEntry } from "./inflate-zip-entry.js";
import { readZipDirectory, type ZipEntry } from "./read-zip-directory.js";

/** Uncompressed bytes still allowed for one attachment; shared by all its containers. */
export interface ByteBudget {
  remaining: number;
}

/** A ZIP container that passed the limits: its file entries, inflated one at a time on demand. */
export interface OpenedZip {
  files: ZipEntry[];
  read(entry: ZipEntry): Uint8Array;
}

/**
 * Opens a ZIP container (archive, DOCX, XLSX, ODT) through the limits: entry count, declared
 * per-entry and total size, and compression ratio are checked on the central directory before
 * anything is inflated, and the declared total is reserved from `budget`. Inflating then holds
 * every entry to its declared size, so a directory that lies cannot expand further.
 */
export function openZip(bytes: Uint8Array, limits: ExtractionLimits, budget: ByteBudget): OpenedZip {
  const entries = readZipDirectory(bytes, limits.maxEntries);
  const files = entries.filter((e) => !e.isDirectory);
  let total = 0;
  for (const entry of files) {
    const label = JSON.stringify(entry.name.slice(0, 100));
    if (entry.encrypted) throw new ExtractionError("encrypted", `entry ${label} is password-protected`);
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ExtractionError("unsupported", `entry ${label} uses compression method ${entry.method}`);
    }
    if (entry.size > limits.maxEntryBytes) {
      throw new ExtractionError(
        "limit_exceeded",
        `entry ${label} expands to ${entry.size} bytes; the limit is ${limits.maxEntryBytes}`,
      );
    }
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (entry.size > limits.ratioFloorBytes && ratio > limits.maxRatio) {
      throw new ExtractionError(
        "limit_exceeded",
        `entry ${label} has a compression ratio of ${Math.round(ratio)}:1; the limit is ${limits.maxRatio}:1 (zip bomb?)`,
      );
    }
    total += entry.size;
  }
  if (total > budget.remaining) {
    throw new ExtractionError(
      "limit_exceeded",
      `the archive expands to ${total} bytes; only ${Math.max(0, budget.remaining)} more are allowed`,
    );
  }
  budget.remaining -= total;
  return { files, read: (entry) => inflateZipEntry(bytes, entry) };
}

/**
 * Every file of the container inflated and packed again without compression, for libraries
 * that unzip by themselves: their input can then expand no further than the checked sizes.
 */
export function repackStored(zip: OpenedZip): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const entry of zip.files) files[entry.name] = zip.read(entry);
  return zipSync(files, { level: 0 });
}
