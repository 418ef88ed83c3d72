import { useEffect, useState } from "preact/hooks";
import type { ApiFailure } from "./api/api-failure.js";
import { type RequestState, useRequest } from "./use-request.js";

/** One page of a keyset-paged list of the API (`items`, `next_cursor`). */
export interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** A paged list as a page renders it: the first page's request, then the pages loaded after it. */
export interface CursorPages<T> {
  first: RequestState<CursorPage<T>>;
  retry: () => void;
  /** The first page's items and every page loaded since; empty until the first page is done. */
  items: T[];
  /** The next page's cursor; null when there is none (or the first page is not done). */
  cursor: string | null;
  loadingMore: boolean;
  moreFailure: ApiFailure | null;
  loadMore: () => Promise<void>;
}

/**
 * A keyset-paged list: `fetchPage(null)` whenever `deps` change (starting the list again), then
 * `fetchPage(cursor)` on `loadMore`, appending its items.
 */
export function useCursorPages<T>(
  fetchPage: (cursor: string | null, signal?: AbortSignal) => Promise<CursorPage<T>>,
  deps: unknown[],
): CursorPages<T> {
  const [first, retry] = useRequest((signal) => fetchPage(null, signal), deps);
  const [more, setMore] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailure, setMoreFailure] = useState<ApiFailure | null>(null);
  useEffect(() => {
    setMore([]);
    setMoreFailure(null);
    setCursor(first.status === "done" ? first.data.next_cursor : null);
  }, [first]);
  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    setMoreFailure(null);
    try {
      const page = await fetchPage(cursor);
      setMore((items) => [...items, ...page.items]);
      setCursor(page.next_cursor);
    } catch (error) {
      setMoreFailure(error as ApiFailure);
    } finally {
      setLoadingMore(false);
    }
  };
  const items = first.status === "done" ? [...first.data.items, ...more] : [];
  return { first, retry, items, cursor, loadingMore, moreFailure, loadMore };
}
