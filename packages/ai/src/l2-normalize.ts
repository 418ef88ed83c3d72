/**
 * Scales a vector to unit length, so that cosine similarity equals the inner product.
 * Returns null for an all-zero vector, which has no direction.
 */
export function l2Normalize(vector: readonly number[]): number[] | null {
  let sum = 0;
  for (const x of vector) sum += x * x;
  // Squares of very small or very large components under- or overflow; Math.hypot scales first.
  const norm = sum > 0 && Number.isFinite(sum) ? Math.sqrt(sum) : Math.hypot(...vector);
  if (norm === 0) return null;
  return vector.map((x) => x / norm);
}
