import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from "@opentelemetry/sdk-trace";

/** Where traces go (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_SERVICE_NAME`, parsed in main.ts). */
export interface TracingConfig {
  /** The OTLP/HTTP collector's base URL; traces go to `<endpoint>/v1/traces`. None: tracing is off. */
  endpoint?: string | undefined;
  /** `service.name` of every span. */
  serviceName: string;
}

export interface StartTracingOptions {
  /** Export here instead of OTLP, even without an endpoint (tests: `InMemorySpanExporter`). */
  exporter?: SpanExporter;
}

/** A process's tracing: on or off, and how to stop it. */
export interface Tracing {
  /** False when nothing is exported: spans are the API's no-ops and cost nothing. */
  enabled: boolean;
  /** Exports the spans ended so far (tests read the exporter after it). */
  flush(): Promise<void>;
  /** Exports what is left, then unregisters the provider and the context manager. */
  shutdown(): Promise<void>;
}

// Bounded attributes whatever a caller sets: no value longer than this, no more than that many.
const SPAN_LIMITS = { attributeValueLengthLimit: 256, attributeCountLimit: 32, eventCountLimit: 16 };

/**
 * Starts OpenTelemetry tracing for this process. Without an endpoint (and without a test
 * exporter) nothing is registered: `trace.getTracer` stays the API's no-op tracer, no span is
 * recorded and nothing is sent. With one, spans are batched and sent over OTLP/HTTP.
 *
 * The OpenTelemetry API is process-global by design (libraries call `trace.getTracer`, the
 * active span travels in AsyncLocalStorage), so this registers the provider and the context
 * manager globally: call it once, in main.ts (or once per test file).
 */
export function startTracing(config: TracingConfig, options: StartTracingOptions = {}): Tracing {
  const exporter =
    options.exporter ??
    (config.endpoint === undefined
      ? undefined
      : new OTLPTraceExporter({ url: new URL("v1/traces", withTrailingSlash(config.endpoint)).href }));
  if (exporter === undefined) {
    return { enabled: false, flush: async () => {}, shutdown: async () => {} };
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName }),
    spanLimits: SPAN_LIMITS,
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  if (!trace.setGlobalTracerProvider(provider)) throw new Error("Tracing is already started in this process");
  const ownsContext = context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  return {
    enabled: true,
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      if (ownsContext) context.disable();
    },
  };
}

// The spec appends `v1/traces` to the endpoint's path: `http://c:4318/otel` → `/otel/v1/traces`.
function withTrailingSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}
