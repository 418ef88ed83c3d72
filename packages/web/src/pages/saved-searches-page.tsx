import type { SavedSearch, SavedSearchMatch } from "@tender/contracts";
import { showBidiControls } from "@tender/contracts/display";
import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import type { ApiFailure } from "../api/api-failure.js";
import { EmailSettingLine } from "../components/email-setting-line.js";
import { FailureNotice } from "../components/failure-notice.js";
import { FeedUrl } from "../components/feed-url.js";
import { Loading } from "../components/loading.js";
import { UserText } from "../components/user-text.js";
import { formatDate } from "../format.js";
import { NoticePlace } from "../procedure/notice-place.js";
import { APP_BASE } from "../router.js";
import { fromFilters, searchStateToQuery } from "../search/search-state.js";
import { useRequest } from "../use-request.js";

/** Saved searches: each with its latest matches, its feed URL to copy, and a way to run or delete it. */
export function SavedSearchesPage({ api }: { api: ApiClient }) {
  const [list, reload] = useRequest(
    (signal) => api.get<{ items: SavedSearch[] }>("/saved-searches", undefined, signal),
    [api],
  );
  useEffect(() => {
    document.title = "Saved searches — Tender search";
  }, []);
  return (
    <main id="main" class="saved-page">
      <h1>Saved searches</h1>
      <p class="muted">
        Save a search from the search page. New tenders that match it are listed here and in its feed, which
        any feed reader can follow without the API key.
      </p>
      {list.status === "loading" && <Loading label="Loading saved searches…" />}
      {list.status === "failed" && <FailureNotice failure={list.failure} onRetry={reload} />}
      {list.status === "done" && list.data.items.length === 0 && (
        <div class="empty" role="status">
          <p>
            <strong>No saved search yet.</strong> <a href={APP_BASE}>Search</a>, then choose “Save this
            search”.
          </p>
        </div>
      )}
      {list.status === "done" && (
        <ul class="saved-list">
          {list.data.items.map((saved) => (
            <SavedSearchCard key={saved.id} api={api} saved={saved} onDeleted={reload} />
          ))}
        </ul>
      )}
    </main>
  );
}

function SavedSearchCard({
  api,
  saved,
  onDeleted,
}: {
  api: ApiClient;
  saved: SavedSearch;
  onDeleted: () => void;
}) {
  const [matches, reloadMatches] = useRequest(
    (signal) =>
      api.get<{ items: SavedSearchMatch[] }>(
        `/saved-searches/${saved.id}/matches`,
        new URLSearchParams({ limit: "5" }),
        signal,
      ),
    [api, saved.id],
  );
  const [feedPath, setFeedPath] = useState(saved.feed_url);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const runQuery = searchStateToQuery(fromFilters(saved.query, saved.filters));
  const headingId = `saved-${saved.id}`;
  return (
    <li class="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <UserText text={saved.name} />
      </h2>
      <p>
        <span class="muted">Query</span> “<UserText text={saved.query} />” · <span class="muted">saved</span>{" "}
        {formatDate(saved.created_at)} · <a href={`${APP_BASE}?${runQuery}`}>Run this search</a>
      </p>
      {feedPath ? (
        <FeedUrl path={feedPath} id={`feed-${saved.id}`} />
      ) : (
        <p class="small muted">This server shows a feed URL only when it is made.</p>
      )}
      {saved.email && <EmailSettingLine email={saved.email} />}
      <p class="small">
        <button
          type="button"
          class="link-button"
          onClick={async () => {
            if (feedPath && !confirm("Make a new feed URL? The current one stops working.")) return;
            try {
              const renewed = await api.send<SavedSearch>("POST", `/saved-searches/${saved.id}/feed-token`);
              setFeedPath(renewed.feed_url);
            } catch (error) {
              setFailure(error as ApiFailure);
            }
          }}
        >
          Make a new feed URL
        </button>
        <span class="muted"> (the old one stops working)</span>
      </p>
      <h3>Latest matches</h3>
      {matches.status === "loading" && <Loading label="Loading matches…" />}
      {matches.status === "failed" && <FailureNotice failure={matches.failure} onRetry={reloadMatches} />}
      {matches.status === "done" && matches.data.items.length === 0 && (
        <p class="muted small">No new tender has matched yet. Matches appear as new tenders are indexed.</p>
      )}
      {matches.status === "done" && matches.data.items.length > 0 && (
        <ul class="matches">
          {matches.data.items.map((m) => (
            <li key={m.alert_id}>
              <a href={`${APP_BASE}tenders/${m.tender.id}`}>
                <UserText text={m.tender.title} />
              </a>
              <span class="muted small">
                {" "}
                · matched {formatDate(m.matched_at)} · score {m.score.toFixed(3)}
              </span>
              <NoticePlace tender={m.tender} />
            </li>
          ))}
        </ul>
      )}
      {failure && <FailureNotice failure={failure} />}
      <p>
        <button
          type="button"
          class="danger"
          onClick={async () => {
            if (!confirm(`Delete the saved search “${showBidiControls(saved.name)}”?`)) return;
            try {
              await api.send("DELETE", `/saved-searches/${saved.id}`);
              onDeleted();
            } catch (error) {
              setFailure(error as ApiFailure);
            }
          }}
        >
          Delete
        </button>
      </p>
    </li>
  );
}
