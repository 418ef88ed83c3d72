import {
  clearDownloadBackoff,
  type Database,
  findAttachmentLocalPath,
  lockTenderRow,
  markAttachmentReady,
  refreshTenderContentHash,
  updateAttachmentFileInfo,
} from "@tender/db";
import type { StoredBlob } from "@tender/storage";
import type { Kysely } from "kysely";

export interface CommitDownloadInput {
  tenderId: string;
  attachmentId: string;
  /** The claim the file was downloaded under: the row is written only while it still holds. */
  claimToken?: string;
  stored: StoredBlob;
  filename: string;
  contentType: string | null;
  /** Subject of the `TenderChangedV1` written to the outbox. */
  subject: string;
}

/** `applied` false: the attachment was no longer pending or failed (skipped, gone, or done by another worker), or the claim was lost. */
export interface CommitDownloadResult {
  applied: boolean;
  /** The tender's content hash changed: it is `pending` again and an event is in the outbox. */
  hashChanged: boolean;
  /**
   * The object the row named before this commit replaced it (a re-download's old file): delete
   * it once the commit is done, never before, so a crash leaves at worst an unused object.
   */
  superseded?: string;
}

/**
 * Records a stored file in one transaction: the attachment becomes `ready` with its storage key,
 * size and digest (and the name and type the response gave; its earlier failures are
 * forgotten), the tender's content hash is recomputed, and when it changed the tender moves to
 * `pending` and `TenderChangedV1` goes to the outbox. The tender row is locked first, so
 * concurrent downloads of one tender hash in turn.
 */
export async function commitDownload(
  db: Kysely<Database>,
  input: CommitDownloadInput,
): Promise<CommitDownloadResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockTenderRow(trx, input.tenderId))) return { applied: false, hashChanged: false };
    const previous = await findAttachmentLocalPath(trx, input.attachmentId);
    const applied = await markAttachmentReady(trx, input.attachmentId, {
      localPath: input.stored.key,
      sizeBytes: input.stored.sizeBytes,
      sha256: input.stored.sha256,
      ...(input.claimToken === undefined ? {} : { claimToken: input.claimToken }),
    });
    if (!applied) return { applied: false, hashChanged: false };
    await clearDownloadBackoff(trx, input.attachmentId);
    await updateAttachmentFileInfo(trx, input.attachmentId, {
      filename: input.filename,
      contentType: input.contentType,
    });
    const hashChanged = await refreshTenderContentHash(trx, input.tenderId, input.subject);
    const superseded = previous !== undefined && previous !== input.stored.key ? previous : undefined;
    return { applied: true, hashChanged, ...(superseded === undefined ? {} : { superseded }) };
  });
}
