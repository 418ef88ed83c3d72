import type { SimilarAward, SimilarAwardsResponse } from "@tender/contracts";
import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { LoadMore } from "../components/load-more.js";
import { Loading } from "../components/loading.js";
import { APP_BASE, navigate } from "../router.js";
import { SimilarContractItem } from "../similar/similar-contract-item.js";
import { useCursorPages } from "../use-cursor-pages.js";

/**
 * Award search (`/app/awards?q=&country=&currency=`): awarded contracts like a description, before
 * any tender exists; the words are matched as Search matches them, place and currency are filters.
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
  const pages = useCursorPages<SimilarAward>(
    async (cursor, signal) => {
      if (q.trim().length < 3) return { items: [], next_cursor: null };
      const filters = {
        ...(country ? { countries: [country.toUpperCase()] } : {}),
        ...(currency ? { currency: currency.toUpperCase() } : {}),
      };
      const body = {
        query: q,
        limit: 20,
        ...(Object.keys(filters).length > 0 ? { filters } : {}),
        ...(cursor ? { cursor } : {}),
      };
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
      {pages.first.status === "loading" && q && <Loading label="Searching awards…" />}
      {pages.first.status === "failed" && (
        <FailureNotice failure={pages.first.failure} onRetry={pages.retry} />
      )}
      {pages.first.status === "done" && q && pages.items.length === 0 && <p class="muted">{reason}</p>}
      {pages.items.length > 0 && (
        <ol class="similar-list" data-testid="award-results">
          {pages.items.map((item) => (
            <SimilarContractItem key={item.notice.id} item={item} />
          ))}
        </ol>
      )}
      <LoadMore pages={pages} />
    </main>
  );
}
