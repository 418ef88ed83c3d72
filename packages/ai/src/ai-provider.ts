/** Length of every embedding vector, for every provider (the `chunks.embedding` column is `vector(1024)`). */
export const EMBEDDING_DIMENSION = 1024;

/** An L2-normalized vector of exactly {@link EMBEDDING_DIMENSION} finite numbers. */
export type Embedding = number[];

/** The two messages sent to a chat model. */
export interface ChatPrompt {
  system: string;
  user: string;
}

/** Per-call options; aborting `signal` rejects the call with the signal's reason. */
export interface AiCallOptions {
  signal?: AbortSignal | undefined;
}

export type AiHealth = { ok: true } | { ok: false; reason: string };

/**
 * The AI provider port. Live providers reject with `AiDependencyError` when the model server
 * fails or answers with anything unexpected.
 */
export interface AiProvider {
  /** Stored with each chunk: vectors of different models are never compared. */
  readonly embedModel: string;
  readonly chatModel: string;
  /**
   * One result per input, in input order. `null` means the text has no vector (the fake finds
   * no token in it, or a model returned an all-zero vector): such a chunk is not stored and
   * such a query finds nothing.
   */
  embed(texts: readonly string[], opts?: AiCallOptions): Promise<(Embedding | null)[]>;
  generate(prompt: ChatPrompt, opts?: AiCallOptions): Promise<string>;
  /**
   * The same answer as `generate`, in pieces as the model writes them. The live providers'
   * `AI_TIMEOUT_MS` bounds the wait for the first piece and between pieces, not the whole
   * answer. Stopping the iteration, or aborting `signal`, aborts the model request.
   */
  generateStream(prompt: ChatPrompt, opts?: AiCallOptions): AsyncIterable<string>;
  /** Never rejects for a failing model server: that is `{ok: false}`. */
  health(opts?: AiCallOptions): Promise<AiHealth>;
}
