import { type Span, SpanStatusCode } from "@opentelemetry/api";

/**
 * Marks `span` (the active one, if any) as failed with `reason`, or the error's class name only:
 * error messages may quote data, which never goes into a span.
 */
export function markSpanFailed(span: Span | undefined, error: unknown): void {
  const message = typeof error === "string" ? error : error instanceof Error ? error.name : typeof error;
  span?.setStatus({ code: SpanStatusCode.ERROR, message: message.slice(0, 64) });
}
