import * as v from "valibot";

/** Code of a source (`ted`, `contracts_finder`): the format the `sources.code` column enforces. */
export const SourceCode = v.pipe(
  v.string("Must be a string"),
  v.trim(),
  v.regex(/^[a-z][a-z0-9_]{0,62}$/, "Must be a source code: lowercase letters, digits and _, e.g. ted"),
);
export type SourceCode = v.InferOutput<typeof SourceCode>;
