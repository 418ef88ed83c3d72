import { type Context, context, isSpanContextValid, trace } from "@opentelemetry/api";
import type { Traceparent } from "@tender/contracts";

/**
 * The W3C `traceparent` of the span active in `ctx` (the current one by default), or undefined
 * when there is none (tracing off, or outside any span). Always a valid `Traceparent`.
 */
export function currentTraceparent(ctx: Context = context.active()): Traceparent | undefined {
  const span = trace.getSpanContext(ctx);
  if (!span || !isSpanContextValid(span)) return undefined;
  const flags = (span.traceFlags & 0xff).toString(16).padStart(2, "0");
  return `00-${span.traceId}-${span.spanId}-${flags}`;
}
