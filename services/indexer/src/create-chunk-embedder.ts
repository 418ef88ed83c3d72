import { type AiProvider, l2Normalize } from "@tender/ai";
import type { NewChunk } from "@tender/db";
import type { Limiter } from "@tender/egress";
import type { ChunkDraft } from "./chunking/to-chunk-drafts.js";
import { toNewChunks } from "./chunking/to-new-chunks.js";

/** Bounds one embedding request, and the requests of one tender in flight. */
export interface EmbedBatching {
  /** Texts per request (EMBED_BATCH_SIZE). */
  maxTexts: number;
  /** Characters per request (EMBED_BATCH_MAX_CHARS); a longer single text goes alone. */
  maxChars: number;
  /** Requests of one tender in flight at once (EMBED_CONCURRENCY). */
  concurrency: number;
  /**
   * Shared by every tender of the process (EMBED_CONCURRENCY): bounds the requests the process
   * has in flight, whatever INDEX_CONCURRENCY is. Without it only the per-tender bound applies.
   */
  limiter?: Limiter;
}

/** Collects drafts into requests as they come, and the chunks their vectors make. */
export interface ChunkEmbedder {
  /** Queues a draft; waits while `concurrency` requests are in flight. */
  add(draft: ChunkDraft): Promise<void>;
  /** Sends what is left, waits for every request; rejects with the first failure. */
  finish(): Promise<NewChunk[]>;
  /** Texts sent to the model so far. */
  readonly sent: number;
}

/**
 * Embeds drafts through the provider in requests bounded by count and characters, a few at a
 * time (per tender, and per process through the shared limiter). Every vector is L2-normalized here, whatever the provider promises; a draft without a
 * vector makes no chunk.
 */
export function createChunkEmbedder(
  ai: AiProvider,
  batching: EmbedBatching,
  signal?: AbortSignal,
): ChunkEmbedder {
  const chunks: NewChunk[] = [];
  const running = new Set<Promise<void>>();
  let batch: ChunkDraft[] = [];
  let chars = 0;
  let sent = 0;
  let failure: { error: unknown } | undefined;

  const send = (drafts: ChunkDraft[]) => {
    sent += drafts.length;
    const call = () =>
      ai.embed(
        drafts.map((d) => d.content),
        { signal },
      );
    const request: Promise<void> = (batching.limiter ? batching.limiter.run(call) : call())
      .then(
        (vectors) => {
          const normalized = vectors.map((v) => (v ? l2Normalize(v) : null));
          chunks.push(...toNewChunks(drafts, normalized, ai.embedModel));
        },
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => running.delete(request));
    running.add(request);
  };
  const flush = async () => {
    if (batch.length > 0) send(batch);
    batch = [];
    chars = 0;
    while (running.size >= batching.concurrency) await Promise.race(running);
    if (failure) throw failure.error;
  };

  return {
    async add(draft) {
      const full = batch.length >= batching.maxTexts || chars + draft.content.length > batching.maxChars;
      if (batch.length > 0 && full) await flush();
      batch.push(draft);
      chars += draft.content.length;
    },
    async finish() {
      if (batch.length > 0) send(batch);
      batch = [];
      await Promise.all(running);
      if (failure) throw failure.error;
      return chunks;
    },
    get sent() {
      return sent;
    },
  };
}
