import type { BusLogger } from "@tender/bus";
import {
  type AttachmentRow,
  claimDownload,
  type Database,
  recordDownloadFailure,
  releaseDownloadClaim,
} from "@tender/db";
import type { BlobStorage } from "@tender/storage";
import type { Kysely } from "kysely";
import { commitDownload } from "./commit-download.js";
import { type DownloadOutcome, downloadAttachment } from "./download-attachment.js";
import type { DownloadMetricOutcome } from "./download-outcome-metric.js";
import type { DownloadPolicy } from "./download-policy.js";

export interface ProcessAttachmentDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  policy: DownloadPolicy;
  logger: BusLogger;
  subject: string;
  /** Hears what became of each claimed attachment (`tender_download_outcomes_total`). */
  recordOutcome?: (outcome: DownloadMetricOutcome) => void;
}

/** Another downloader holds the attachment's claim. */
export class DownloadClaimedError extends Error {
  constructor(readonly heldUntil: Date) {
    super(`another downloader is fetching this file (claim held until ${heldUntil.toISOString()})`);
    this.name = "DownloadClaimedError";
  }
}

/** Host of a URL for logs: the path and query may carry tokens and are never logged. */
function hostOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).host : undefined;
}

/**
 * Claims one pending attachment in the database (a lease, `policy.leaseMs`), downloads it under
 * the claim and records the outcome: `ready` (and a new content hash and event) or `failed` with a
 * short reason and a pause before the next try. A re-download deletes the object it replaced once
 * its commit is done. Held by another downloader: throws
 * `DownloadClaimedError`, so the event comes back later. Throws when the
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
  // The claim is taken before the fetch: another downloader holding it fetches the file itself.
  const taken = await claimDownload(deps.db, attachment.id, deps.policy.leaseMs);
  if (taken === undefined) return;
  // Retried later (the event is redelivered): by then the holder finished, or its claim ran out.
  if ("heldUntil" in taken) throw new DownloadClaimedError(taken.heldUntil);
  const claim = taken.token;
  let outcome: DownloadOutcome;
  try {
    outcome = await downloadAttachment(deps, attachment, sourceCode, signal, claim);
  } catch (error) {
    // Shutdown: give the claim up, so the redelivered event need not wait for it to run out.
    await releaseDownloadClaim(deps.db, attachment.id, claim).catch(() => {});
    throw error;
  }
  if (!outcome.ok) {
    await recordDownloadFailure(deps.db, attachment.id, outcome.error, deps.policy.failureBackoff, claim);
    deps.recordOutcome?.("failed");
    const storageError = outcome.storageError instanceof Error ? outcome.storageError.message : undefined;
    deps.logger.warn({ ...fields, error: outcome.error, err: storageError }, "Attachment download failed");
    return;
  }
  const result = await commitDownload(deps.db, {
    tenderId: attachment.tender_id,
    attachmentId: attachment.id,
    claimToken: claim,
    stored: outcome.stored,
    filename: outcome.filename,
    contentType: outcome.contentType,
    subject: deps.subject,
  });
  // Refused (claim lost, or no longer pending): the object is this claim's own, nobody points at it.
  if (!result.applied) await deps.storage.delete(outcome.stored.key).catch(() => {});
  deps.recordOutcome?.(result.applied ? "downloaded" : "dropped");
  // After the commit: the row names the new object, nothing points at the old one any more.
  if (result.superseded !== undefined)
    await deps.storage.delete(result.superseded).catch((error: unknown) => {
      const err = error instanceof Error ? error.message : String(error);
      deps.logger.warn({ ...fields, err }, "Could not delete the replaced copy of the attachment");
    });
  deps.logger.info(
    {
      ...fields,
      size_bytes: outcome.stored.sizeBytes,
      applied: result.applied,
      hash_changed: result.hashChanged,
    },
    result.applied
      ? "Attachment downloaded"
      : "Attachment downloaded but no longer pending or claimed by another downloader; file dropped",
  );
}
