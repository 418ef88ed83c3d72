import {
  clearIndexBackoff,
  enqueueTenderIndexed,
  findTenderById,
  hasChunksOfOtherModel,
  lockTenderForIndexing,
  markTenderFailed,
  markTenderIndexed,
  markTenderProcessing,
  replaceExtractionFailures,
  swapTenderChunks,
} from "@tender/db";
import { describeIndexError } from "./describe-index-error.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { planTenderChunks } from "./plan-tender-chunks.js";
import { requestDownloadsAgain } from "./request-downloads-again.js";

/**
 * What one run did: `indexed` (chunks written, tender ready), `rebuilt` (a ready tender got new
 * chunks, e.g. for another embedding model), `unchanged` (ready with this hash and model),
 * `stale` (the event's hash is not the tender's), `superseded` (the tender changed during the
 * run; nothing kept, the newer event indexes it), `missing` (the tender is gone), `redownload`
 * (a stored file did not match its digest: it is downloaded again, and its arrival indexes the tender).
 */
export type IndexOutcome =
  | "indexed"
  | "rebuilt"
  | "unchanged"
  | "stale"
  | "superseded"
  | "missing"
  | "redownload";

export interface IndexRequest {
  tenderId: string;
  contentHash: string;
}

/** Thrown inside the commit transaction to roll it back. */
class Superseded extends Error {}

/**
 * Indexes the tender named by a change event (docs/records.md#states, docs/events.md#what-each-consumer-does): re-reads it, skips a stale
 * event, does nothing for a ready tender with the same hash whose chunks all come from the
 * configured model, otherwise marks it `processing`, plans the chunks (stored ones with the
 * same key are kept, only new ones are embedded) and, in one transaction, swaps its chunks and
 * marks it `ready` only if its content hash is still the one indexed, writing `TenderIndexedV1`
 * to the outbox in that transaction when the chunks changed. On failure the tender becomes `failed` with a short
 * `last_error` and the error is rethrown, so the message is retried.
 */
export async function indexTender(
  deps: IndexerDeps,
  request: IndexRequest,
  signal?: AbortSignal,
): Promise<IndexOutcome> {
  const { db, ai } = deps;
  const { tenderId, contentHash } = request;
  const tender = await findTenderById(db, tenderId);
  if (!tender) return "missing";
  if (tender.content_hash !== contentHash) return "stale";

  // A ready tender is rebuilt in place (it stays searchable) when its index is inconsistent
  // or made by another model; any other status goes through `processing`.
  const rebuild = tender.index_status === "ready";
  if (rebuild) {
    const consistent = tender.indexed_hash === tender.content_hash;
    if (consistent && !(await hasChunksOfOtherModel(db, tenderId, ai.embedModel))) return "unchanged";
  } else if (!(await markTenderProcessing(db, tenderId, contentHash))) {
    // Changed, or finished by another indexer, since it was read.
    return "superseded";
  }

  try {
    const plan = await planTenderChunks(deps, tender, signal);
    // An attempt given up (MESSAGE_MAX_HANDLING_MS, shutdown) may still get here once what held
    // it lets go, with whatever a stalled read returned: it writes nothing; the redelivery does.
    signal?.throwIfAborted();
    if (plan.corrupt.length > 0) {
      await requestDownloadsAgain(deps, tenderId, plan.corrupt);
      return "redownload";
    }
    const note = plan.truncated
      ? `indexed in part: more than ${deps.maxChunksPerTender} chunks (INDEX_MAX_CHUNKS_PER_TENDER); the first ones are searchable`
      : null;
    const committed = await db
      .transaction()
      .execute(async (trx) => {
        if ((await lockTenderForIndexing(trx, tenderId)) !== contentHash) throw new Superseded();
        // Checked again under the lock: the attempt may have been given up while it waited.
        signal?.throwIfAborted();
        const swapped = await swapTenderChunks(trx, tenderId, plan.keep, plan.fresh);
        // Alerts are matched against what Search finds: only a change of chunks is news to them.
        if (swapped.deleted > 0 || swapped.inserted > 0) {
          await enqueueTenderIndexed(trx, {
            tenderId,
            contentHash,
            embeddingModel: ai.embedModel,
            ...(deps.indexedSubject ? { subject: deps.indexedSubject } : {}),
          });
        }
        await replaceExtractionFailures(trx, tenderId, plan.failures);
        if (!(await markTenderIndexed(trx, tenderId, contentHash, note))) throw new Superseded();
        await clearIndexBackoff(trx, tenderId);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof Superseded) return false;
        throw error;
      });
    if (!committed) return "superseded";
    return rebuild ? "rebuilt" : "indexed";
  } catch (error) {
    // A shutdown is not a failure: the message goes back and the next run resumes from `processing`.
    if (!rebuild && !signal?.aborted) {
      await markTenderFailed(db, tenderId, describeIndexError(error)).catch(() => {});
    }
    throw error;
  }
}
