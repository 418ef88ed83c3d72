import type { TenderListResponse } from "@tender/contracts";
import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { LoadMore } from "../components/load-more.js";
import { Loading } from "../components/loading.js";
import { ExpiringItem } from "../expiring/expiring-item.js";
import { type ExpiringRange, expiringParams, expiringRangeOf, todayUtc } from "../expiring/expiring-range.js";
import { formatDay } from "../format.js";
import { APP_BASE, navigate } from "../router.js";
import { useCursorPages } from "../use-cursor-pages.js";

const PAGE = 20;

function pageParams(range: ExpiringRange, cursor: string | null): URLSearchParams {
  const params = expiringParams(range);
  params.set("limit", String(PAGE));
  if (cursor) params.set("cursor", cursor);
  return params;
}

/**
 * Expiring contracts: result notices whose contract ends in a range (default today to six months
 * on), soonest first, with buyer, winners, value and contract end; how bid managers find work
 * before it is tendered again.
 */
export function ExpiringPage({ api, search }: { api: ApiClient; search: string }) {
  const range = expiringRangeOf(search, todayUtc());
  const key = `${range.from}..${range.to}`;
  const [draft, setDraft] = useState(range);
  useEffect(() => setDraft(range), [key]);
  useEffect(() => {
    document.title = "Expiring contracts — Tender search";
  }, []);
  const pages = useCursorPages(
    (cursor: string | null, signal?: AbortSignal) =>
      api.get<TenderListResponse>("/tenders", pageParams(range, cursor), signal),
    [api, key],
  );
  const { first, retry, items } = pages;
  const submit = (event: Event) => {
    event.preventDefault();
    const params = new URLSearchParams({ contract_end_from: draft.from, contract_end_to: draft.to });
    navigate(`${APP_BASE}expiring?${params}`);
  };
  return (
    <main id="main" class="expiring-page">
      <h1>Expiring contracts</h1>
      <p class="muted">
        Awarded contracts whose end falls in the range, soonest first: work that may be tendered again.
      </p>
      <form class="card range-form" aria-label="Contract end range" onSubmit={submit}>
        <div>
          <label for="end-from">Contract ends from</label>
          <input
            id="end-from"
            type="date"
            required
            value={draft.from}
            onInput={(e) => setDraft({ ...draft, from: (e.target as HTMLInputElement).value })}
          />
        </div>
        <div>
          <label for="end-to">to</label>
          <input
            id="end-to"
            type="date"
            required
            min={draft.from}
            value={draft.to}
            onInput={(e) => setDraft({ ...draft, to: (e.target as HTMLInputElement).value })}
          />
        </div>
        <button type="submit">Show contracts</button>
      </form>
      <h2 id="expiring-results">
        Ending {formatDay(range.from)} to {formatDay(range.to)}
      </h2>
      {first.status === "loading" && <Loading label="Loading contracts…" />}
      {first.status === "failed" && <FailureNotice failure={first.failure} onRetry={retry} />}
      {first.status === "done" && items.length === 0 && (
        <div class="empty" role="status">
          <p>
            <strong>No contract ends in this range.</strong> Try a longer range.
          </p>
        </div>
      )}
      {items.length > 0 && (
        <ol class="result-list" aria-labelledby="expiring-results">
          {items.map((tender) => (
            <ExpiringItem key={tender.id} tender={tender} />
          ))}
        </ol>
      )}
      <LoadMore pages={pages} />
    </main>
  );
}
