import { type Attributes, type Context, context, type Span, SpanKind, trace } from "@opentelemetry/api";
import { markSpanFailed } from "./mark-span-failed.js";

/** What `inSpan` starts: kind, bounded attributes (never payloads, keys or secrets), parent. */
export interface InSpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent's context; the active one by default. */
  parent?: Context;
}

/** The instrumentation scope of every span of the project. */
export const TRACER_NAME = "tender";

/**
 * Starts a span named `name` (a child of `options.parent`, or of the active span) without making
 * it active; the caller ends it. For spans that outlive one call (a stream, a page).
 */
export function startSpan(name: string, options: InSpanOptions = {}): Span {
  return trace.getTracer(TRACER_NAME).startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      ...(options.attributes ? { attributes: options.attributes } : {}),
    },
    options.parent ?? context.active(),
  );
}

/**
 * Runs `work` in a new active span named `name` and ends it when `work` settles. A rejection
 * marks the span as an error with the error's class name only (messages may quote data), and
 * is passed on. With tracing off the span is the API's no-op.
 */
export function inSpan<T>(
  name: string,
  options: InSpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = startSpan(name, { ...options, parent });
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await work(span);
    } catch (error) {
      markSpanFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}
