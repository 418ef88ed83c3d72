import type { Db } from "@tender/db";
import { Registry } from "@tender/observability";
import { describe, expect, it } from "vitest";
import { notifierMetrics } from "./notifier-metrics.js";

describe("tender_saved_search_matches_total", () => {
  it("counts alerts by reason: matches apart from the follow-ups, every reason shown from the start", async () => {
    const registry = new Registry();
    // The database is read only by the pending gauge, which this test does not scrape.
    const metrics = notifierMetrics(registry, {} as Db);
    const counter = () => registry.getSingleMetricAsString("tender_saved_search_matches_total");
    expect(await counter()).toContain('tender_saved_search_matches_total{reason="awarded"} 0');
    metrics.recordMatches({ matches: 3, followUps: 2, deliveries: 1, followUpReason: "awarded" });
    metrics.recordMatches({ matches: 1, followUps: 1, deliveries: 0, followUpReason: "changed" });
    metrics.recordMatches({ matches: 2, followUps: 0, deliveries: 0 });
    const text = await counter();
    expect(text).toContain('tender_saved_search_matches_total{reason="match"} 3');
    expect(text).toContain('tender_saved_search_matches_total{reason="awarded"} 2');
    expect(text).toContain('tender_saved_search_matches_total{reason="changed"} 1');
    expect(text).toContain('tender_saved_search_matches_total{reason="cancelled"} 0');
  });
});
