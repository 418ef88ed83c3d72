import type { BusLogger } from "@tender/bus";
import { type AttachmentRow, type Database, recordDownloadFailure } from "@tender/db";
import type { BlobStorage } from "@tender/storage";
import type { Kysely } from "kysely";
import { commitDownload } from "./commit-download.js";
import { downloadAttachment } from "./download-attachment.js";
import type { DownloadPolicy } from "./download-policy.js";

export interface ProcessAttachmentDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  policy: DownloadPolicy;
  logger: BusLogger;
  subject: string;
}

/** Host of a URL for logs: the path and query may carry tokens and are never logged. */
function hostOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).host : undefined;
}

/**
 * Downloads one pending attachment and records the outcome: `ready` (and a new content hash and
 * event) or `failed` with a short reason and a pause before the next try. Throws when the
 * database fails or the worker stops; the event is then redelivered and the attachment, still
 * `pending`, is tried again.
 */
export async function processAttachment(
  deps: ProcessAttachmentDeps,
  attachment: AttachmentRow,
  sourceCode: string | undefined,
  signal: AbortSignal,
): Promise<void> {
  const fields = {
    tender_id: attachment.tender_id,
    attachment_id: attachment.id,
    host: hostOf(attachment.source_url),
  };
  const outcome = await downloadAttachment(deps, attachment, sourceCode, signal);
  if (!outcome.ok) {
    await recordDownloadFailure(deps.db, attachment.id, outcome.error, deps.policy.failureBackoff);
    const storageError = outcome.storageError instanceof Error ? outcome.storageError.message : undefined;
    deps.logger.warn({ ...fields, error: outcome.error, err: storageError }, "Attachment download failed");
    return;
  }
  const result = await commitDownload(deps.db, {
    tenderId: attachment.tender_id,
    attachmentId: attachment.id,
    stored: outcome.stored,
    filename: outcome.filename,
    contentType: outcome.contentType,
    subject: deps.subject,
  });
  deps.logger.info(
    {
      ...fields,
      size_bytes: outcome.stored.sizeBytes,
      applied: result.applied,
      hash_changed: result.hashChanged,
    },
    result.applied ? "Attachment downloaded" : "Attachment downloaded but no longer pending; left as it is",
  );
}
