import * as v from "valibot";
import { envUrl } from "./env-url.js";
import { envVar } from "./env-var.js";

const SERVICE_NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Traces: `OTEL_EXPORTER_OTLP_ENDPOINT` (an OTLP/HTTP collector's base URL, e.g.
 * `http://otel-collector:4318`; unset: tracing off, nothing exported) and `OTEL_SERVICE_NAME`
 * (default: the service's own name).
 */
export const TracingEnv = v.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: envUrl({ protocols: ["http", "https"], optional: true }),
  // Sent with every span: a short name, not free text.
  OTEL_SERVICE_NAME: envVar<string | undefined>(
    "expected 1 to 64 characters of A-Z a-z 0-9 . _ -",
    (raw) => (SERVICE_NAME_PATTERN.test(raw) ? raw : undefined),
    { optional: true },
  ),
});
export type TracingEnv = v.InferOutput<typeof TracingEnv>;
