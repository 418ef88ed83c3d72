import { type AiProvider, l2Normalize } from "@tender/ai";

/**
 * Embeds `texts` in batches of `batchSize` through the provider port, in order. Every vector is
 * L2-normalized here, whatever the provider promises; null stays null (no vector: not stored).
 */
export async function embedInBatches(
  ai: AiProvider,
  texts: readonly string[],
  batchSize: number,
  signal?: AbortSignal,
): Promise<(number[] | null)[]> {
  const vectors: (number[] | null)[] = [];
  for (let i = 0; i < texts.length; i += batchSize) {
    const batch = await ai.embed(texts.slice(i, i + batchSize), { signal });
    for (const vector of batch) vectors.push(vector ? l2Normalize(vector) : null);
  }
  return vectors;
}
