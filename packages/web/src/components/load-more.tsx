import type { CursorPages } from "../use-cursor-pages.js";
import { FailureNotice } from "./failure-notice.js";
import { Loading } from "./loading.js";

/** The foot of a paged list: why the next page failed, that it is loading, or the button to load it. */
export function LoadMore({ pages }: { pages: CursorPages<unknown> }) {
  const { cursor, loadingMore, moreFailure, loadMore } = pages;
  return (
    <>
      {moreFailure && <FailureNotice failure={moreFailure} onRetry={loadMore} />}
      {loadingMore && <Loading label="Loading more…" />}
      {cursor && !loadingMore && (
        <button type="button" class="load-more" onClick={loadMore}>
          Load more
        </button>
      )}
    </>
  );
}
