import * as v from "valibot";

/** Three uppercase letters (ISO 4217-like), exactly; nothing is trimmed or upper-cased. */
export const CurrencyCode = v.pipe(
  v.string("Must be a string or null"),
  v.regex(/^[A-Z]{3}$/, "Must be a three-letter uppercase currency code, e.g. EUR"),
);
export type CurrencyCode = v.InferOutput<typeof CurrencyCode>;
