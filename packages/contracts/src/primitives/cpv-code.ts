import * as v from "valibot";

/** A CPV code as stored: 8 digits without the check digit (`45233141`). */
export const CpvCode = v.pipe(
  v.string("Must be a string"),
  v.regex(/^\d{8}$/, "Must be a CPV code of 8 digits without check digit, e.g. 45233141"),
);
export type CpvCode = v.InferOutput<typeof CpvCode>;

/** A CPV prefix to filter by: 2 to 8 digits (`45` is the division, `45233141` one code). */
export const CpvPrefix = v.pipe(
  v.string("Must be a string"),
  v.regex(/^\d{2,8}$/, "Must be 2 to 8 digits of a CPV code, e.g. 45 or 4523"),
);
export type CpvPrefix = v.InferOutput<typeof CpvPrefix>;
