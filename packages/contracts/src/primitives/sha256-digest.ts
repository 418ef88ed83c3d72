import * as v from "valibot";

/** SHA-256 digest: exactly 64 lowercase hexadecimal characters. */
export const Sha256Digest = v.pipe(
  v.string("Must be a string"),
  v.regex(/^[0-9a-f]{64}$/, "Must be 64 lowercase hexadecimal characters (SHA-256)"),
);
export type Sha256Digest = v.InferOutput<typeof Sha256Digest>;
