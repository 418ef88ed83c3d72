import { sha256Hex } from "@tender/contracts";
import { type AttachmentRow, findCachedExtraction, saveCachedExtraction } from "@tender/db";
import type { IndexerDeps } from "../indexer-deps.js";
import type { ExtractionResult, FailureReason } from "./extraction-types.js";

/**
 * What one `ready` attachment gave: its text (read now or from the cache), `missing` (the stored
 * file is gone) or `corrupt` (the stored bytes do not match `attachments.sha256`).
 */
export type AttachmentText =
  | { kind: "text"; result: ExtractionResult; cached: boolean }
  | { kind: "missing" }
  | { kind: "corrupt" };

/** Bump when the extractors change what they produce: older cache entries are then not used. */
export const EXTRACTION_CACHE_VERSION = "1";

// A failure that says more about the machine at the time than about the file is not cached.
const TRANSIENT: ReadonlySet<FailureReason> = new Set(["timeout", "out_of_memory", "crashed"]);

/** The cache entry of an attachment's text: its bytes, and the name and type shown in sections. */
export function extractionCacheKey(
  attachment: Pick<AttachmentRow, "sha256" | "filename" | "content_type">,
): string {
  return sha256Hex(
    JSON.stringify([
      EXTRACTION_CACHE_VERSION,
      attachment.sha256,
      attachment.filename,
      attachment.content_type,
    ]),
  );
}

function isBlobNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === "BlobNotFoundError";
}

function parseCached(text: string): ExtractionResult | undefined {
  try {
    const value = JSON.parse(text) as Partial<ExtractionResult>;
    return Array.isArray(value.segments) && Array.isArray(value.failures)
      ? (value as ExtractionResult)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text of a `ready` attachment. A file whose digest was read before is not parsed again
 * (extraction cache); otherwise the stored bytes are read, checked against the recorded digest,
 * and extracted. A storage outage (anything but a missing object) rejects.
 */
export async function readAttachmentText(
  deps: Pick<IndexerDeps, "db" | "storage" | "extractor">,
  attachment: AttachmentRow,
): Promise<AttachmentText> {
  const key = extractionCacheKey(attachment);
  const hit = await findCachedExtraction(deps.db, key);
  const cached = hit === undefined ? undefined : parseCached(hit);
  if (cached) return { kind: "text", result: cached, cached: true };

  let bytes: Uint8Array;
  try {
    bytes = await deps.storage.get(attachment.local_path as string);
  } catch (error) {
    if (!isBlobNotFound(error)) throw error;
    return { kind: "missing" };
  }
  if (sha256Hex(bytes) !== attachment.sha256) return { kind: "corrupt" };
  const result = await deps.extractor.extract({
    bytes,
    filename: attachment.filename,
    contentType: attachment.content_type,
  });
  if (!result.failures.some((f) => TRANSIENT.has(f.reason))) {
    await saveCachedExtraction(deps.db, {
      cacheKey: key,
      sha256: attachment.sha256 as string,
      result: JSON.stringify(result),
    });
  }
  return { kind: "text", result, cached: false };
}
