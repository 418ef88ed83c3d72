import type { MapResult } from "../mapping/map-result.js";

export interface FetchPageRequest {
  /** The stored cursor, exactly as the API gave it; `null` starts a fresh pass. */
  cursor: string | null;
  /**
   * True when `cursor` was stored by an earlier pass (the first request of a resumed pass): it
   * may have expired meanwhile, so an adapter may read a failure its API gives for unknown
   * cursors as `CursorRejectedError`. False or absent for a cursor this pass just received.
   */
  resumed?: boolean;
  /** When the source last committed a page; lets a fresh pass start from a recent window. */
  lastSyncAt: Date | null;
  /**
   * The adapter's own state of the pass in progress, as a page of it returned it
   * (`SourcePage.adapterState`, stored with the cursor until the end of the data); null when no
   * pass is in progress. Opaque to the sync, which never reads it: the adapter validates it (it
   * comes back from the database) and may use it, e.g. to read the same window again when a pass
   * restarts after a refused cursor.
   */
  adapterState?: unknown;
  /** Aborted on shutdown. */
  signal: AbortSignal;
}

/** One page of a source API: its raw items, how to map them, and where to continue. */
export interface SourcePage {
  items: readonly unknown[];
  /** The API's own continuation (token or URL), unchanged; `null` at the end of the data. */
  nextCursor: string | null;
  /** Pure mapping of one item of this page (page-level context, e.g. package metadata, is bound in). */
  map(item: unknown): MapResult;
  /**
   * The adapter's state of the pass (any JSON value, at most 16 KiB as JSON text): stored with the
   * page's cursor and handed back with the later requests of the pass; left out, the state stays.
   */
  adapterState?: unknown;
}

/** What the sync loop needs from a source: its code and a way to fetch one page. */
export interface SourceAdapter {
  /** `sources.code`, e.g. `ted`. */
  readonly code: string;
  fetchPage(request: FetchPageRequest): Promise<SourcePage>;
}

/** Thrown by `fetchPage` when the API refuses a stored cursor (expired); the pass then starts afresh. */
export class CursorRejectedError extends Error {
  override readonly name = "CursorRejectedError";
}
