import type { TenderListResponse } from "@tender/contracts";
import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { LoadMore } from "../components/load-more.js";
import { Loading } from "../components/loading.js";
import { TenderMeta } from "../components/tender-meta.js";
import { UserText } from "../components/user-text.js";
import { formatDate, sourceName } from "../format.js";
import { NoticePlace } from "../procedure/notice-place.js";
import { APP_BASE } from "../router.js";
import { useCursorPages } from "../use-cursor-pages.js";
import { type SearchState, type Sort, searchStateToQuery, toBrowseParams } from "./search-state.js";

const PAGE = 20;
const SORT_LABELS: Record<Sort, string> = {
  published_desc: "Newest first",
  deadline_asc: "Closing soonest",
  amount_desc: "Largest amount",
};

function pageParams(state: SearchState, cursor: string | null): URLSearchParams {
  const params = toBrowseParams(state);
  params.set("sort", state.sort);
  params.set("limit", String(PAGE));
  if (cursor) params.set("cursor", cursor);
  return params;
}

interface Props {
  api: ApiClient;
  state: SearchState;
  onSort: (sort: Sort) => void;
}

/** Browsing (no query): the matching tenders in the chosen order, a page at a time. */
export function BrowseResults({ api, state, onSort }: Props) {
  const key = searchStateToQuery(state);
  const pages = useCursorPages(
    (cursor: string | null, signal?: AbortSignal) =>
      api.get<TenderListResponse>("/tenders", pageParams(state, cursor), signal),
    [api, key],
  );
  const { first, retry, items } = pages;
  return (
    <>
      <div class="browse-head">
        <h2 id="results-heading">All tenders</h2>
        <label for="sort">Sort</label>
        <select
          id="sort"
          value={state.sort}
          onChange={(e) => onSort((e.target as HTMLSelectElement).value as Sort)}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {first.status === "loading" && <Loading label="Loading tenders…" />}
      {first.status === "failed" && <FailureNotice failure={first.failure} onRetry={retry} />}
      {first.status === "done" && items.length === 0 && (
        <div class="empty" role="status">
          <p>
            <strong>No tender matches these filters.</strong> Try fewer filters.
          </p>
        </div>
      )}
      {items.length > 0 && (
        <ol class="result-list">
          {items.map((tender) => (
            <li key={tender.id} class="card">
              <h3>
                <a href={`${APP_BASE}tenders/${tender.id}`}>
                  <UserText text={tender.title} />
                </a>
              </h3>
              <NoticePlace tender={tender} />
              <TenderMeta tender={tender} />
              <p class="muted small">
                {sourceName(tender.source)} · published {formatDate(tender.published_at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <LoadMore pages={pages} />
    </>
  );
}
