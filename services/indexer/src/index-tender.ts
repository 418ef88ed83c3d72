import {
  clearIndexBackoff,
  findTenderById,
  hasChunksOfOtherModel,
  lockTenderForIndexing,
  markTenderFailed,
  markTenderIndexed,
  markTenderProcessing,
  replaceExtractionFailures,
  replaceTenderChunks,
} from "@tender/db";
import { toChunkDrafts } from "./chunking/to-chunk-drafts.js";
import { toNewChunks } from "./chunking/to-new-chunks.js";
import { collectTenderText } from "./collect-tender-text.js";
import { describeIndexError } from "./describe-index-error.js";
import { embedInBatches } from "./embed-in-batches.js";
import type { IndexerDeps } from "./indexer-deps.js";

/**
 * What one run did: `indexed` (chunks written, tender ready), `rebuilt` (a ready tender got new
 * chunks, e.g. for another embedding model), `unchanged` (ready with this hash and model),
 * `stale` (the event's hash is not the tender's), `superseded` (the tender changed during the
 * run; nothing kept, the newer event indexes it), `missing` (the tender is gone).
 */
export type IndexOutcome = "indexed" | "rebuilt" | "unchanged" | "stale" | "superseded" | "missing";

export interface IndexRequest {
  tenderId: string;
  contentHash: string;
}

/** Thrown inside the commit transaction to roll it back. */
class Superseded extends Error {}

/**
 * Indexes the tender named by a change event (spec 3.1 and 6): re-reads it, skips a stale
 * event, does nothing for a ready tender with the same hash whose chunks all come from the
 * configured model, otherwise marks it `processing`, builds the chunks (text, splitting,
 * embeddings) and, in one transaction, replaces its chunks and marks it `ready` only if its
 * content hash is still the one indexed. On failure the tender becomes `failed` with a short
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
    const text = await collectTenderText(deps, tender);
    const drafts = toChunkDrafts(text.sources, deps.split);
    const vectors = await embedInBatches(
      ai,
      drafts.map((d) => d.content),
      deps.embedBatchSize,
      signal,
    );
    const chunks = toNewChunks(tenderId, drafts, vectors, ai.embedModel);
    const committed = await db
      .transaction()
      .execute(async (trx) => {
        if ((await lockTenderForIndexing(trx, tenderId)) !== contentHash) throw new Superseded();
        await replaceTenderChunks(trx, tenderId, chunks);
        await replaceExtractionFailures(trx, tenderId, text.failures);
        if (!(await markTenderIndexed(trx, tenderId, contentHash))) throw new Superseded();
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
