import type { SimilarAwardsResponse, SimilarSummaryResponse } from "@tender/contracts";
import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { Loading } from "../components/loading.js";
import { useRequest } from "../use-request.js";
import { SimilarContractItem } from "./similar-contract-item.js";
import { SimilarSummaryView } from "./similar-summary-view.js";

/**
 * "Similar past contracts" on the tender page: the summary, the buyer's previous contracts (the
 * incumbent and when its contract ends), then the ten most similar awarded contracts.
 */
export function SimilarSection({ api, id }: { api: ApiClient; id: string }) {
  const [summary, retrySummary] = useRequest(
    (signal) => api.get<SimilarSummaryResponse>(`/tenders/${id}/similar/summary`, undefined, signal),
    [api, id],
  );
  const [page, retryPage] = useRequest(
    (signal) =>
      api.get<SimilarAwardsResponse>(`/tenders/${id}/similar`, new URLSearchParams({ limit: "10" }), signal),
    [api, id],
  );
  return (
    <section aria-labelledby="similar-heading" data-testid="similar-section">
      <h2 id="similar-heading">Similar past contracts</h2>
      {summary.status === "loading" && <Loading label="Loading the summary…" />}
      {summary.status === "failed" && <FailureNotice failure={summary.failure} onRetry={retrySummary} />}
      {summary.status === "done" && (
        <>
          <SimilarSummaryView summary={summary.data.summary} />
          <h3>This buyer's previous contracts</h3>
          {summary.data.buyer_history.length === 0 ? (
            <p class="muted small" data-testid="no-incumbent">
              No earlier contract of this buyer in the same CPV class is known.
            </p>
          ) : (
            <ol class="similar-list" data-testid="incumbent">
              {summary.data.buyer_history.map((item) => (
                <SimilarContractItem key={item.notice.id} item={item} />
              ))}
            </ol>
          )}
        </>
      )}
      <h3>Most similar awarded contracts</h3>
      {page.status === "loading" && <Loading label="Loading similar contracts…" />}
      {page.status === "failed" && <FailureNotice failure={page.failure} onRetry={retryPage} />}
      {page.status === "done" &&
        (page.data.items.length === 0 ? (
          <p class="muted">{page.data.reason}</p>
        ) : (
          <ol class="similar-list" data-testid="similar-list">
            {page.data.items.map((item) => (
              <SimilarContractItem key={item.notice.id} item={item} />
            ))}
          </ol>
        ))}
    </section>
  );
}
