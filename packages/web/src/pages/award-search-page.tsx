import type { AwardSearchSummaryResponse, SimilarAward, SimilarAwardsResponse } from "@tender/contracts";
import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { LoadMore } from "../components/load-more.js";
import { Loading } from "../components/loading.js";
import { APP_BASE, navigate } from "../router.js";
import { SimilarContractItem } from "../similar/similar-contract-item.js";
import { SimilarSummaryView } from "../similar/similar-summary-view.js";
import { useCursorPages } from "../use-cursor-pages.js";
import { useRequest } from "../use-request.js";

/**
 * Award search (`/app/awards?q=&country=&currency=`): awarded contracts like a description, before
 * any tender exists, with what the most similar of them say together (the tender page's summary);
 * the words are matched as Search matches them, place and currency are filters.
 */
export function AwardSearchPage({ api, search }: { api: ApiClient; search: string }) {
  const params = new URLSearchParams(search);
  const q = params.get("q") ?? "";
  const country = params.get("country") ?? "";
  const currency = params.get("currency") ?? "";
  const [draft, setDraft] = useState({ q, country, currency });
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    document.title = "Award search — Tender search";
    setDraft({ q, country, currency });
  }, [search]);
  const searched = q.trim().length >= 3;
  const filters = {
    ...(country ? { countries: [country.toUpperCase()] } : {}),
    ...(currency ? { currency: currency.toUpperCase() } : {}),
  };
  const query = { query: q, ...(Object.keys(filters).length > 0 ? { filters } : {}) };
  const [summary, retrySummary] = useRequest(
    async (signal) =>
      searched ? api.send<AwardSearchSummaryResponse>("POST", "/awards/search/summary", query, signal) : null,
    [api, search],
  );
  const pages = useCursorPages<SimilarAward>(
    async (cursor, signal) => {
      if (!searched) return { items: [], next_cursor: null };
      const body = { ...query, limit: 20, ...(cursor ? { cursor } : {}) };
      const page = await api.send<SimilarAwardsResponse>("POST", "/awards/search", body, signal);
      setReason(page.reason);
      return page;
    },
    [api, search],
  );
  const submit = (event: Event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set("q", draft.q.trim());
    if (draft.country.trim()) next.set("country", draft.country.trim());
    if (draft.currency.trim()) next.set("currency", draft.currency.trim());
    navigate(`${APP_BASE}awards?${next}`);
  };
  return (
    <main id="main">
      <h1>Award search</h1>
      <p class="muted">
        Past awarded contracts like what you describe: who won them, at what price, how many tenders they
        drew.
      </p>
      <form class="award-search" onSubmit={submit}>
        <label>
          What is bought{" "}
          <input
            name="q"
            value={draft.q}
            minLength={3}
            required
            onInput={(e) => setDraft({ ...draft, q: (e.target as HTMLInputElement).value })}
          />
        </label>{" "}
        <label>
          Country{" "}
          <input
            name="country"
            size={3}
            value={draft.country}
            onInput={(e) => setDraft({ ...draft, country: (e.target as HTMLInputElement).value })}
          />
        </label>{" "}
        <label>
          Currency{" "}
          <input
            name="currency"
            size={4}
            value={draft.currency}
            onInput={(e) => setDraft({ ...draft, currency: (e.target as HTMLInputElement).value })}
          />
        </label>{" "}
        <button type="submit">Search awards</button>
      </form>
      {searched && summary.status === "loading" && <Loading label="Loading the summary…" />}
      {summary.status === "failed" && <FailureNotice failure={summary.failure} onRetry={retrySummary} />}
      {/* With no similar contract at all, the list's reason says why. */}
      {summary.status === "done" && summary.data && summary.data.summary.notices > 0 && (
        <section aria-labelledby="award-summary-heading">
          <h2 id="award-summary-heading">What the most similar contracts say</h2>
          <SimilarSummaryView summary={summary.data.summary} />
        </section>
      )}
      {pages.first.status === "loading" && q && <Loading label="Searching awards…" />}
      {pages.first.status === "failed" && (
        <FailureNotice failure={pages.first.failure} onRetry={pages.retry} />
      )}
      {pages.first.status === "done" && q && pages.items.length === 0 && <p class="muted">{reason}</p>}
      {pages.items.length > 0 && (
        <>
          <h2>Most similar awarded contracts</h2>
          <ol class="similar-list" data-testid="award-results">
            {pages.items.map((item) => (
              <SimilarContractItem key={item.notice.id} item={item} />
            ))}
          </ol>
        </>
      )}
      <LoadMore pages={pages} />
    </main>
  );
}
