import { type AttachmentRow, lockTenderRow, refreshTenderContentHash, requeueDownload } from "@tender/db";
import type { IndexerDeps } from "./indexer-deps.js";

const MISMATCH = "the stored file does not match its recorded digest; downloading it again";

/**
 * Sends attachments whose stored bytes do not match `attachments.sha256` back to the downloader,
 * as a failed download to retry: in one transaction they become `pending` without a file, the
 * tender's content hash is recomputed and its change event written, which the downloader acts on.
 */
export async function requestDownloadsAgain(
  deps: Pick<IndexerDeps, "db" | "logger" | "subject">,
  tenderId: string,
  attachments: readonly AttachmentRow[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockTenderRow(trx, tenderId))) return;
    for (const attachment of attachments) await requeueDownload(trx, attachment.id, MISMATCH);
    await refreshTenderContentHash(trx, tenderId, deps.subject);
  });
  for (const attachment of attachments) {
    deps.logger.warn(
      { tender_id: tenderId, attachment_id: attachment.id },
      "Stored file does not match its digest; downloading it again",
    );
  }
}
