import { contentHash } from "@tender/contracts";
import type { Db } from "../database.js";
import { enqueueTenderChanged } from "../outbox/enqueue-tender-changed.js";
import { loadContentHashInput } from "./load-content-hash-input.js";
import { setTenderContentHash } from "./tenders.repository.js";

/**
 * Recomputes the tender's content hash from its stored fields and attachments; when it changed,
 * the tender moves to `pending` and `TenderChangedV1` goes to the outbox (on `subject`, default
 * `tender.changed.v1`). Run it in the transaction that changed the attachments, after locking the
 * tender row. Returns whether the hash changed (false too when the tender is gone).
 */
export async function refreshTenderContentHash(db: Db, tenderId: string, subject?: string): Promise<boolean> {
  const input = await loadContentHashInput(db, tenderId);
  if (!input) return false;
  const hash = contentHash(input);
  const changed = await setTenderContentHash(db, tenderId, hash);
  if (changed)
    await enqueueTenderChanged(db, { tenderId, contentHash: hash, ...(subject ? { subject } : {}) });
  return changed;
}
