import { AiDependencyError } from "./ai-dependency-error.js";
import { EMBEDDING_DIMENSION, type Embedding } from "./ai-provider.js";
import { l2Normalize } from "./l2-normalize.js";

/**
 * Checks the vectors a model server returned for `expectedCount` inputs: the same count, each
 * an array of exactly {@link EMBEDDING_DIMENSION} finite numbers; then L2-normalizes them
 * (an all-zero vector becomes null). Anything else is an `AiDependencyError`.
 */
export function checkVectors(
  vectors: readonly unknown[],
  expectedCount: number,
  what: string,
): (Embedding | null)[] {
  const fail = (problem: string) =>
    new AiDependencyError("invalid_response", `AI server answered ${what} with ${problem}`);
  if (vectors.length !== expectedCount) {
    throw fail(`${vectors.length} vectors for ${expectedCount} inputs`);
  }
  return vectors.map((vector, i) => {
    if (!Array.isArray(vector)) throw fail(`vector ${i} that is not an array`);
    if (vector.length !== EMBEDDING_DIMENSION) {
      throw fail(`vector ${i} of dimension ${vector.length}, expected ${EMBEDDING_DIMENSION}`);
    }
    // JSON has no NaN, but 1e999 parses to Infinity; strings and null are wrong types.
    if (!vector.every((x) => typeof x === "number" && Number.isFinite(x))) {
      throw fail(`vector ${i} holding something other than finite numbers`);
    }
    return l2Normalize(vector as number[]);
  });
}
