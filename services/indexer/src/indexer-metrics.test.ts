import { createMetricsRegistry } from "@tender/observability";
import { describe, expect, it } from "vitest";
import type { Extractor } from "./extraction/extraction-types.js";
import { indexOutcomeMetric, observeExtractor } from "./indexer-metrics.js";

const input = { bytes: new Uint8Array([1]), filename: "a.pdf", contentType: null };

describe("indexer metrics", () => {
  it("count outcomes, and time extractions by ok, failure reason or error", async () => {
    const registry = createMetricsRegistry();
    const record = indexOutcomeMetric(registry);
    record("indexed");
    record("indexed");
    record("failed");
    let next: "ok" | "timeout" | "reject" = "ok";
    const inner: Extractor = {
      extract: async () => {
        if (next === "reject") throw new Error("pool closed");
        return next === "ok"
          ? { segments: [{ section: "a.pdf", text: "x" }], failures: [] }
          : { segments: [], failures: [{ entry: "", reason: "timeout", detail: "60 s" }] };
      },
      close: async () => {},
    };
    const extractor = observeExtractor(inner, registry);
    await extractor.extract(input);
    next = "timeout";
    await extractor.extract(input);
    next = "reject";
    await expect(extractor.extract(input)).rejects.toThrow("pool closed");

    const text = await registry.metrics();
    expect(text).toContain('tender_index_outcomes_total{outcome="indexed"} 2');
    expect(text).toContain('tender_index_outcomes_total{outcome="failed"} 1');
    for (const outcome of ["ok", "timeout", "error"])
      expect(text).toContain(`tender_extraction_duration_seconds_count{outcome="${outcome}"} 1`);
  });
});
