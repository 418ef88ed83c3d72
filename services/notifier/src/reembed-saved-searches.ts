import type { AiProvider } from "@tender/ai";
import { type Db, listSavedSearchesToReembed, updateSavedSearchEmbedding } from "@tender/db";

/** Saved queries embedded per model request. */
const BATCH = 32;

/**
 * Gives every saved query whose vector another model made a vector of `ai.embedModel` (or none,
 * when the model gives none), so that it is compared with chunks of the model the tenders are
 * now indexed with. Returns how many were re-embedded. Concurrent notifiers may embed the same
 * query twice; the last write wins and both are equal.
 */
export async function reembedSavedSearches(
  deps: { db: Db; ai: Pick<AiProvider, "embed" | "embedModel"> },
  signal: AbortSignal,
): Promise<number> {
  let done = 0;
  for (;;) {
    const stale = await listSavedSearchesToReembed(deps.db, deps.ai.embedModel, BATCH);
    if (stale.length === 0) return done;
    const vectors = await deps.ai.embed(
      stale.map((s) => s.query),
      { signal },
    );
    for (const [i, saved] of stale.entries()) {
      await updateSavedSearchEmbedding(deps.db, saved.id, vectors[i] ?? null, deps.ai.embedModel);
    }
    done += stale.length;
  }
}
