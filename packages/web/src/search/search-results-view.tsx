import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { Loading } from "../components/loading.js";
import { TenderMeta } from "../components/tender-meta.js";
import { UserText } from "../components/user-text.js";
import { sourceName } from "../format.js";
import { NoticePlace } from "../procedure/notice-place.js";
import { APP_BASE } from "../router.js";
import { useRequest } from "../use-request.js";
import { runSearch } from "./search-results.js";
import { type SearchState, searchStateToQuery } from "./search-state.js";

/** Search results grouped by tender, each fragment with its score and, from a document, the file name. */
export function SearchResults({ api, state }: { api: ApiClient; state: SearchState }) {
  const [result, retry] = useRequest(
    (signal) => runSearch(api, state, signal),
    [api, searchStateToQuery(state)],
  );
  return (
    <>
      <h2 id="results-heading">Results</h2>
      {result.status === "loading" && <Loading label="Searching…" />}
      {result.status === "failed" && <FailureNotice failure={result.failure} onRetry={retry} />}
      {result.status === "done" && result.data.length === 0 && (
        <div class="empty" role="status">
          <p>
            <strong>Nothing relevant was found.</strong> Try other words, or fewer filters.
          </p>
        </div>
      )}
      {result.status === "done" && result.data.length > 0 && (
        <>
          <p class="muted small" role="status">
            {result.data.length} {result.data.length === 1 ? "tender" : "tenders"} with matching passages
          </p>
          <ol class="result-list">
            {result.data.map((group) => (
              <li key={group.tenderId} class="card tender-group">
                <h3>
                  <a href={`${APP_BASE}tenders/${group.tenderId}`}>
                    <UserText text={group.title} />
                  </a>
                </h3>
                {group.tender ? (
                  <>
                    <NoticePlace tender={group.tender} />
                    <TenderMeta tender={group.tender} />
                  </>
                ) : (
                  <p class="muted small">{sourceName(group.fragments[0]?.source ?? "")}</p>
                )}
                <ul class="fragments" aria-label="Matching passages">
                  {group.fragments.map((f, i) => (
                    <li key={`${f.attachment?.id ?? "notice"}-${i}`}>
                      <p class="fragment-head small">
                        <span class="score" title="Relevance score, from -1 to 1">
                          score {f.score.toFixed(3)}
                        </span>
                        <span class="from">
                          {f.attachment ? (
                            <>
                              from the document <UserText text={f.attachment.filename} />
                            </>
                          ) : (
                            "from the notice"
                          )}
                        </span>
                      </p>
                      <p class="snippet">
                        <UserText text={f.snippet} />
                      </p>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
