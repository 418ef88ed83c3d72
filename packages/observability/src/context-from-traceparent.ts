import { type Context, ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { Traceparent } from "@tender/contracts";
import * as v from "valibot";

/**
 * A context whose parent is the remote span `traceparent` names, for starting a child of it.
 * Anything but a valid version 00 `Traceparent` (absent, malformed, hostile) gives the root
 * context: the span started from it begins a new trace, and nothing of the value is kept.
 */
export function contextFromTraceparent(traceparent: unknown): Context {
  if (!v.is(Traceparent, traceparent)) return ROOT_CONTEXT;
  const [, traceId = "", spanId = "", flags = "00"] = traceparent.split("-");
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
  });
}
