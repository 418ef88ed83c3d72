import { type ExtractionFailureInput, listAttachmentsForTender, type TenderRow } from "@tender/db";
import type { TextSource } from "./chunking/to-chunk-drafts.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { tenderMetadataText } from "./tender-metadata-text.js";

/** The tender's text in chunk order, and what could not be read. */
export interface TenderText {
  sources: TextSource[];
  failures: ExtractionFailureInput[];
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function isBlobNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === "BlobNotFoundError";
}

/**
 * Metadata first, then every `ready` attachment by source URL (code-unit order, as in the
 * content hash), each in its own page / sheet / entry order. An unreadable attachment (or part of
 * one) is recorded once, with its first cause: an archive of a hundred broken files is one
 * problem for an operator, not a hundred rows. A storage outage (anything but a missing object)
 * rejects, so the run is retried.
 */
export async function collectTenderText(
  deps: Pick<IndexerDeps, "db" | "storage" | "extractor" | "logger">,
  tender: TenderRow,
): Promise<TenderText> {
  const sources: TextSource[] = [
    { attachmentId: null, section: "metadata", text: tenderMetadataText(tender) },
  ];
  const failures: ExtractionFailureInput[] = [];
  const attachments = (await listAttachmentsForTender(deps.db, tender.id))
    .filter((a) => a.download_status === "ready" && a.local_path !== null)
    .sort((a, b) => byCodeUnits(a.source_url, b.source_url));

  for (const attachment of attachments) {
    const record = (entry: string, reason: string, detail: string) =>
      failures.push({
        attachmentId: attachment.id,
        entry,
        reason,
        detail,
        attachmentSha256: attachment.sha256,
      });
    let bytes: Uint8Array;
    try {
      bytes = await deps.storage.get(attachment.local_path as string);
    } catch (error) {
      if (!isBlobNotFound(error)) throw error;
      record("", "missing_file", "the downloaded file is no longer in storage");
      continue;
    }
    const result = await deps.extractor.extract({
      bytes,
      filename: attachment.filename,
      contentType: attachment.content_type,
    });
    for (const segment of result.segments) sources.push({ attachmentId: attachment.id, ...segment });
    const [first] = result.failures;
    if (first !== undefined) {
      record(first.entry, first.reason, first.detail);
      deps.logger.info(
        {
          tender_id: tender.id,
          attachment_id: attachment.id,
          failures: result.failures.length,
          reasons: [...new Set(result.failures.map((f) => f.reason))],
        },
        "Some attachment text could not be read",
      );
    }
  }
  return { sources, failures };
}
