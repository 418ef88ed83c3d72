import * as v from "valibot";

/**
 * A W3C `traceparent` of version 00 (55 characters): trace id, parent span id, flags, in
 * lowercase hex. Only this exact form is stored in the outbox or carried on: a hostile header
 * never reaches the database, and the column's CHECK constraint says the same.
 */
export const TRACEPARENT_PATTERN = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

const ZERO_TRACE_ID = "0".repeat(32);
const ZERO_SPAN_ID = "0".repeat(16);

export const Traceparent = v.pipe(
  v.string("Must be a string"),
  v.regex(TRACEPARENT_PATTERN, "Must be a version 00 traceparent: 00-<32 hex>-<16 hex>-<2 hex>, lowercase"),
  // All-zero ids are invalid in W3C Trace Context (they mean "no trace").
  v.check(
    (value) => value.slice(3, 35) !== ZERO_TRACE_ID && value.slice(36, 52) !== ZERO_SPAN_ID,
    "Trace id and span id must not be all zeros",
  ),
);
export type Traceparent = v.InferOutput<typeof Traceparent>;
