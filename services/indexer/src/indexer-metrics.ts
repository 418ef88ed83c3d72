import { Histogram, outcomeCounter, type Registry } from "@tender/observability";
import type { Extractor } from "./extraction/extraction-types.js";

/**
 * `tender_index_outcomes_total{outcome}`: what handling one event did (`indexed`, `rebuilt`,
 * `unchanged`, `superseded`, `stale`, `missing`, `redownload`, or `failed` when it threw).
 * Returns the recorder the handler calls.
 */
export function indexOutcomeMetric(registry: Registry): (outcome: string) => void {
  return outcomeCounter(
    registry,
    "tender_index_outcomes_total",
    "Tender change events handled by the indexer, by outcome.",
  );
}

/**
 * The extractor with `tender_extraction_duration_seconds{outcome}` around each document:
 * `ok`, the first failure's reason (`unsupported`, `timeout`, …), or `error` when it rejected.
 */
export function observeExtractor(extractor: Extractor, registry: Registry): Extractor {
  const histogram = new Histogram({
    name: "tender_extraction_duration_seconds",
    help: "Text extraction of one attachment, by outcome (ok or the failure reason).",
    labelNames: ["outcome"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  return {
    async extract(input) {
      const started = performance.now();
      let outcome = "error";
      try {
        const result = await extractor.extract(input);
        outcome = result.failures[0]?.reason ?? "ok";
        return result;
      } finally {
        histogram.observe({ outcome }, (performance.now() - started) / 1000);
      }
    },
    close: () => extractor.close(),
  };
}
