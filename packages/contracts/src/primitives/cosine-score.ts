import * as v from "valibot";

/** A cosine similarity score (1 − cosine distance), in [−1, 1], not rounded. */
export const CosineScore = v.pipe(
  v.number("Must be a number"),
  v.minValue(-1, "Must be at least -1"),
  v.maxValue(1, "Must be at most 1"),
);
export type CosineScore = v.InferOutput<typeof CosineScore>;
