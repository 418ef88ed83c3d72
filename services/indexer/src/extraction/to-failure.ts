import { ExtractionError } from "./extraction-error.js";
import type { ExtractionFailure } from "./extraction-types.js";

/** A caught error as a recorded failure; an unexpected library error counts as a damaged file. */
export function toFailure(entry: string, error: unknown): ExtractionFailure {
  if (error instanceof ExtractionError) return { entry, reason: error.reason, detail: error.message };
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return { entry, reason: "limit_exceeded", detail: "the file is too complex to read (nesting or size)" };
  }
  return { entry, reason: "corrupt", detail: "the file is damaged or not what its type says" };
}
