import * as v from "valibot";

/** ISO 3166-1 alpha-2 country code, upper case, exactly as written (`GR`, not `EL`). */
export const CountryCode = v.pipe(
  v.string("Must be a string"),
  v.regex(/^[A-Z]{2}$/, "Must be a two-letter uppercase country code (ISO 3166-1 alpha-2), e.g. FR"),
);
export type CountryCode = v.InferOutput<typeof CountryCode>;
