import type { FacetsResponse } from "@tender/contracts";
import { showBidiControls } from "@tender/contracts/display";
import { useEffect, useMemo, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { AskPanel } from "../ask/ask-panel.js";
import { APP_BASE, navigate } from "../router.js";
import { BrowseResults } from "../search/browse-results.js";
import { FiltersPanel } from "../search/filters-panel.js";
import { SaveSearch } from "../search/save-search.js";
import { SearchResults } from "../search/search-results-view.js";
import {
  parseSearchState,
  type SearchState,
  searchStateToQuery,
  toBrowseParams,
  toFilters,
} from "../search/search-state.js";
import { useRequest } from "../use-request.js";

interface Props {
  api: ApiClient;
  /** The location's query string: the search itself. */
  search: string;
}

/** The search page: query, filters with facet counts, results, or browsing when the query is empty. */
export function SearchPage({ api, search }: Props) {
  const state = useMemo(() => parseSearchState(search), [search]);
  const update = (next: SearchState) => {
    const query = searchStateToQuery(next);
    navigate(`${APP_BASE}${query ? `?${query}` : ""}`);
  };
  const [draft, setDraft] = useState(state.q);
  useEffect(() => setDraft(state.q), [state.q]);
  const filterParams = toBrowseParams(state).toString();
  const [facets, reloadFacets] = useRequest(
    (signal) => api.get<FacetsResponse>("/facets", toBrowseParams(state), signal),
    [api, filterParams],
  );
  useEffect(() => {
    document.title = state.q ? `“${showBidiControls(state.q)}” — Tender search` : "Tender search";
  }, [state.q]);

  return (
    <main id="main" class="search-page">
      <h1 class="visually-hidden">Search tenders</h1>
      <search>
        <form
          class="query-form"
          onSubmit={(event) => {
            event.preventDefault();
            update({ ...state, q: draft });
          }}
        >
          <label for="query">Search tenders and their documents</label>
          <div class="row">
            <input
              id="query"
              type="search"
              name="q"
              maxLength={1000}
              placeholder="e.g. road maintenance in Leeds"
              value={draft}
              onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
            />
            <button type="submit">Search</button>
          </div>
        </form>
      </search>
      <div class="layout">
        <FiltersPanel api={api} state={state} facets={facets} onChange={update} onRetry={reloadFacets} />
        <section class="results" aria-labelledby="results-heading">
          {state.q ? (
            <>
              <SearchResults api={api} state={state} />
              <SaveSearch api={api} state={state} />
              <details class="ask-results">
                <summary>Ask about these results</summary>
                <AskPanel api={api} filters={toFilters(state)} initialQuestion={state.q} idPrefix="results" />
              </details>
            </>
          ) : (
            <BrowseResults api={api} state={state} onSort={(sort) => update({ ...state, sort })} />
          )}
        </section>
      </div>
    </main>
  );
}
