import { Histogram, type Registry } from "prom-client";

/**
 * `tender_ai_call_duration_seconds{operation, outcome}`: model calls (`embed`, `generate`) and
 * how long they took; returns the recorder to hand to `observeAiProvider`.
 */
export function aiCallMetrics(
  registry: Registry,
): (call: { operation: string; seconds: number; ok: boolean }) => void {
  const histogram = new Histogram({
    name: "tender_ai_call_duration_seconds",
    help: "Duration of calls to the AI provider, by operation (embed, generate) and outcome (ok, error).",
    labelNames: ["operation", "outcome"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  return ({ operation, seconds, ok }) =>
    histogram.observe({ operation, outcome: ok ? "ok" : "error" }, seconds);
}
