import { outcomeCounter, type Registry } from "@tender/observability";

/** What became of one claimed attachment. */
export type DownloadMetricOutcome = "downloaded" | "failed" | "dropped";

/**
 * `tender_download_outcomes_total{outcome}`: attachments `downloaded` (stored and recorded),
 * `failed` (recorded with a reason and retried later) or `dropped` (downloaded, but meanwhile
 * no longer pending or claimed by another downloader). Returns the recorder.
 */
export function downloadOutcomeMetric(registry: Registry): (outcome: DownloadMetricOutcome) => void {
  return outcomeCounter(
    registry,
    "tender_download_outcomes_total",
    "Attachments the downloader claimed, by outcome.",
  );
}
