import { Readable } from "node:stream";
import { contentHash } from "@tender/contracts";
import { type Db, loadContentHashInput, markAttachmentReady, refreshTenderContentHash } from "@tender/db";
import type { SeedStorage } from "./seed-tender.js";

/**
 * Finishes the download of a seeded `pending` attachment as the downloader would: file stored,
 * attachment `ready`, content hash recomputed (tender `pending`, its change event in the outbox).
 * Returns the tender's new content hash.
 */
export async function completeDownload(
  db: Db,
  storage: SeedStorage,
  target: { tenderId: string; attachmentId: string; bytes: Uint8Array },
): Promise<string> {
  const { tenderId, attachmentId } = target;
  const stored = await storage.put(
    `${tenderId}/${attachmentId}`,
    Readable.from([Buffer.from(target.bytes)]),
    {
      maxBytes: 1 << 30,
    },
  );
  return db.transaction().execute(async (trx) => {
    await markAttachmentReady(trx, attachmentId, {
      localPath: stored.key,
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    });
    await refreshTenderContentHash(trx, tenderId);
    const input = await loadContentHashInput(trx, tenderId);
    if (!input) throw new Error("seeded tender vanished");
    return contentHash(input);
  });
}
