import * as v from "valibot";

/** A request id the gateway echoes; anything else is replaced by a generated UUID (docs/api.md#request-ids). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export const RequestId = v.pipe(
  v.string("Must be a string"),
  v.regex(REQUEST_ID_PATTERN, "Must be 1..128 characters of A-Z a-z 0-9 . _ : -"),
);
export type RequestId = v.InferOutput<typeof RequestId>;
