import { Counter, Histogram, type Registry } from "@tender/observability";

/** What the gateway's request handling reports to Prometheus. */
export interface GatewayMetrics {
  /** One answered request: `route` is the matched pattern, null when none matched. */
  observeRequest(request: { method: string; route: string | null; status: number; seconds: number }): void;
  rateLimitRefused(): void;
  /** The exact scan of one Search or Ask (the embedding is `tender_ai_call_duration_seconds`). */
  observeSearch(seconds: number): void;
}

/** The methods that keep their name in metrics and spans; any other is `other` / `_OTHER`. */
export const HTTP_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
]);
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * `tender_http_requests_total` and `tender_http_request_duration_seconds` (labels `method`,
 * `route`, `status`), `tender_rate_limit_refusals_total`, `tender_search_duration_seconds`.
 * Label values stay bounded: the route pattern (`unmatched` for any unknown path), a known
 * method or `other`, and the status code.
 */
export function createGatewayMetrics(registry: Registry): GatewayMetrics {
  const labelNames = ["method", "route", "status"];
  const requests = new Counter({
    name: "tender_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "tender_http_request_duration_seconds",
    help: "Time to answer an HTTP request (a streamed answer: until its end), by method, route pattern and status.",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "tender_rate_limit_refusals_total",
    help: "Requests refused with 429 because their API key used up its minute.",
    registers: [registry],
  });
  const searches = new Histogram({
    name: "tender_search_duration_seconds",
    help: "Duration of the database scan of a Search or an Ask.",
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    observeRequest({ method, route, status, seconds }) {
      const labels = {
        method: HTTP_METHODS.has(method) ? method : "other",
        route: route ?? "unmatched",
        status: String(status),
      };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    rateLimitRefused: () => refusals.inc(),
    observeSearch: (seconds) => searches.observe(seconds),
  };
}
