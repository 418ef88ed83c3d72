import { EMBEDDING_DIMENSION } from "./ai-provider.js";

/**
 * The longest JSON text of one number (`-2.2250738585072014e-308` is 24 characters) plus a
 * separator and some indentation: a pretty-printed vector still fits.
 */
const BYTES_PER_NUMBER = 32;
/** Room per vector for its brackets and protocol fields (`index`, `object`). */
const BYTES_PER_VECTOR_OVERHEAD = 1_024;
/** Room for everything else of an answer (model name, usage counts, timings). */
const ANSWER_OVERHEAD_BYTES = 64 * 1024;
/** A JSON string can spell one character as `\uXXXX`. */
const BYTES_PER_ESCAPED_CHAR = 6;

/** Largest embeddings answer read for `inputs` texts: one generous 1024-number vector each. */
export function embedAnswerMaxBytes(inputs: number): number {
  return (
    ANSWER_OVERHEAD_BYTES + inputs * (EMBEDDING_DIMENSION * BYTES_PER_NUMBER + BYTES_PER_VECTOR_OVERHEAD)
  );
}

/** Largest chat answer read for an answer of at most `maxChars` characters, fully escaped. */
export function chatAnswerMaxBytes(maxChars: number): number {
  return ANSWER_OVERHEAD_BYTES + maxChars * BYTES_PER_ESCAPED_CHAR;
}

/**
 * Room per streamed character for the line carrying it: a model may send one character per
 * line, and each line repeats the protocol's fields (model, timestamps, ids), about 250 bytes.
 */
const STREAM_BYTES_PER_CHAR = 512;

/** Largest streamed chat answer read for an answer of at most `maxChars` characters. */
export function chatStreamMaxBytes(maxChars: number): number {
  return ANSWER_OVERHEAD_BYTES + maxChars * STREAM_BYTES_PER_CHAR;
}

/** Largest model list read by a health probe. */
export const MODEL_LIST_MAX_BYTES = 1024 * 1024;

/** `AI_MAX_ANSWER_CHARS` when a caller builds a provider without it. */
export const DEFAULT_MAX_ANSWER_CHARS = 20_000;
