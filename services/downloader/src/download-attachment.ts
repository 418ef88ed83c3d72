import { abortableDelay, backoffDelayMs } from "@tender/backoff";
import type { AttachmentRow } from "@tender/db";
import { EgressError, type HostAllowlist } from "@tender/egress";
import { type BlobStorage, BlobTooLargeError, type StoredBlob } from "@tender/storage";
import { allowlistForSource } from "./allowlist-for-source.js";
import { DownloadError } from "./download-error.js";
import type { DownloadPolicy } from "./download-policy.js";
import { type OpenedDownload, openDownload } from "./open-download.js";
import { chooseFileInfo } from "./response-file-info.js";

/**
 * A stored file with the name and type to record, or the reason to record as `failed` (and,
 * when the storage failed, its own error for the operator's log).
 */
export type DownloadOutcome =
  | { ok: true; stored: StoredBlob; filename: string; contentType: string | null }
  | { ok: false; error: string; storageError?: unknown };

export interface DownloadAttachmentDeps {
  storage: BlobStorage;
  policy: DownloadPolicy;
}

/**
 * Where an attachment's file is stored: `<tender_id>/<attachment_id>.<claim token>`, one object
 * per claim, so a downloader that lost its claim never replaces the bytes a committed row points
 * at (`<tender_id>/<attachment_id>` without a claim). Never shown to API users.
 */
export function attachmentStorageKey(
  attachment: Pick<AttachmentRow, "id" | "tender_id">,
  claimToken?: string,
): string {
  const key = `${attachment.tender_id}/${attachment.id}`;
  return claimToken === undefined ? key : `${key}.${claimToken}`;
}

/**
 * Downloads one attachment into storage, atomically: on any failure nothing new is stored.
 * Retryable failures are tried again (with a growing pause) up to `policy.retries` times.
 * Throws only when `signal` aborts (shutdown): that is not the attachment's fault, so it stays
 * `pending` for the redelivered event.
 */
export async function downloadAttachment(
  deps: DownloadAttachmentDeps,
  attachment: AttachmentRow,
  sourceCode: string | undefined,
  signal: AbortSignal,
  claimToken?: string,
): Promise<DownloadOutcome> {
  const allowlist = allowlistForSource(sourceCode, deps.policy.extraAllowedHosts);
  const key = attachmentStorageKey(attachment, claimToken);
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptDownload(deps, attachment, key, allowlist, signal);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const failure = describeFailure(error, deps.policy);
      if (!failure.retryable || attempt >= deps.policy.retries) {
        return failure.storage
          ? { ok: false, error: failure.message, storageError: error }
          : { ok: false, error: failure.message };
      }
      // Retries are few (policy.retries), so the doubling pause needs no cap.
      const retryBackoff = { initialMs: deps.policy.retryDelayMs, maxMs: Number.POSITIVE_INFINITY };
      await abortableDelay(backoffDelayMs(attempt + 1, retryBackoff), signal);
      if (signal.aborted) throw signal.reason;
    }
  }
}

async function attemptDownload(
  deps: DownloadAttachmentDeps,
  attachment: AttachmentRow,
  key: string,
  allowlist: HostAllowlist,
  signal: AbortSignal,
): Promise<DownloadOutcome> {
  const { policy } = deps;
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const combined = AbortSignal.any([signal, deadline]);
  let opened: OpenedDownload | undefined;
  try {
    opened = await openDownload(attachment.source_url, { ...policy, allowlist }, combined);
    const stored = await deps.storage.put(key, refuseEmpty(opened.body), {
      maxBytes: policy.maxBytes,
      signal: combined,
    });
    return { ok: true, stored, ...chooseFileInfo(attachment, opened) };
  } catch (error) {
    if (deadline.aborted && !signal.aborted)
      throw new DownloadError(`timed out after ${policy.timeoutMs} ms`);
    throw error;
  } finally {
    opened?.close();
  }
}

/** An empty body is refused like an oversized one: nothing is stored and the attachment fails. */
async function* refuseEmpty(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    yield chunk;
  }
  if (size === 0) throw new DownloadError("empty file (0 bytes)");
}

/** The message to keep in `last_error`: short, and never a path, URL query or stack. */
function describeFailure(
  error: unknown,
  policy: DownloadPolicy,
): { message: string; retryable: boolean; storage?: true } {
  if (error instanceof DownloadError || error instanceof EgressError)
    return { message: error.message, retryable: error.retryable };
  if (error instanceof BlobTooLargeError)
    return { message: `larger than ${policy.maxBytes} bytes`, retryable: false };
  // Everything else was raised by the storage while writing.
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const name = (error as Error | undefined)?.name;
  return {
    message: `could not store the file (${code ?? name ?? "unknown error"})`,
    retryable: false,
    storage: true,
  };
}
