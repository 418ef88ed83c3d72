import type { BusLogger } from "@tender/bus";
import {
  type AttachmentRow,
  type Database,
  deferBackedOffDownloads,
  listPendingAttachments,
  lockTenderRow,
} from "@tender/db";
import type { Kysely } from "kysely";

/**
 * The tender's `pending` attachments that are due for a download. One that failed recently
 * (its `next_download_at` is still ahead) went back to `pending` only because a re-crawl listed
 * it again: it returns to `failed` with its error kept, and waits for its next try, so a
 * document that is gone for good is not fetched on every sync pass.
 */
export async function takePendingDownloads(
  db: Kysely<Database>,
  tenderId: string,
  logger: BusLogger,
): Promise<AttachmentRow[]> {
  const pending = await listPendingAttachments(db, tenderId);
  if (pending.every((attachment) => attachment.next_download_at === null)) return pending;
  const deferred = await db.transaction().execute(async (trx) => {
    if (!(await lockTenderRow(trx, tenderId))) return [];
    return deferBackedOffDownloads(trx, tenderId);
  });
  for (const attachment of deferred) {
    logger.info(
      {
        tender_id: tenderId,
        attachment_id: attachment.id,
        failures: attachment.download_failures,
        next_download_at: attachment.next_download_at.toISOString(),
      },
      "Attachment failed recently; left failed until its next try",
    );
  }
  return deferred.length === 0 ? pending : listPendingAttachments(db, tenderId);
}
