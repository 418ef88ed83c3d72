import { context, trace } from "@opentelemetry/api";
import { type Database, ensureSource } from "@tender/db";
import { inSpan, markSpanFailed, startSpan } from "@tender/observability";
import type { Kysely } from "kysely";
import { CursorMovedError, commitPage } from "./commit-page.js";
import type { IngestLogger } from "./ingest-logger.js";
import { mapPageItems } from "./map-page-items.js";
import { CursorRejectedError, type SourceAdapter, type SourcePage } from "./source-adapter.js";
import { addCounts, emptyCounts, type SyncCounts } from "./sync-counts.js";

/** Why a pass ended. */
export type SyncStop = "end" | "aborted" | "repeated_cursor" | "max_pages" | "cursor_moved";

export interface SyncReport extends SyncCounts {
  source: string;
  /** Pages committed. */
  pages: number;
  stop: SyncStop;
  /** The stored cursor after the pass. */
  cursor: string | null;
}

export interface RunSyncPassOptions {
  db: Kysely<Database>;
  adapter: SourceAdapter;
  logger: IngestLogger;
  /** Outbox subject of `TenderChangedV1`. */
  subject: string;
  /** Checked between pages; also aborts a page fetch in flight (nothing of it is committed). */
  signal?: AbortSignal;
  /** Bound of one pass; the next pass continues from the stored cursor. Default 10,000. */
  maxPages?: number;
  now?: () => Date;
  /** Called after each committed page (tests, progress). */
  onPageCommitted?: (page: { number: number; counts: SyncCounts; cursor: string | null }) => unknown;
}

/**
 * One sync pass: from the stored cursor, page by page until the API says there is no more data,
 * each page committed in its own transaction (`commitPage`). A continuation the pass has already
 * used ends it with a warning instead of looping, and the cursor is cleared so the next pass starts
 * afresh. A cursor the API refuses (expired) restarts the pass from the beginning once, with the
 * adapter state the pass stored (`SourcePage.adapterState`), which is cleared with the cursor.
 */
export async function runSyncPass(options: RunSyncPassOptions): Promise<SyncReport> {
  const { db, adapter, logger } = options;
  const signal = options.signal ?? new AbortController().signal;
  const now = options.now ?? (() => new Date());
  const maxPages = options.maxPages ?? 10_000;
  const source = await ensureSource(db, adapter.code);
  let stored = source.cursor;
  let request = stored;
  // Kept across a restart after a refused cursor: e.g. the restarted pass reads the same window.
  let adapterState: unknown = source.adapter_state ?? null;
  const seen = new Set<string>(stored === null ? [] : [stored]);
  const totals = emptyCounts();
  let pages = 0;
  let restarted = false;

  const report = (stop: SyncStop): SyncReport => ({
    ...totals,
    source: adapter.code,
    pages,
    stop,
    cursor: stored,
  });

  for (;;) {
    if (signal.aborted) return report("aborted");
    if (pages >= maxPages) return report("max_pages");
    // One trace per page: its fetch, its commit, and (through the outbox rows written in the
    // commit) the downloads and indexing of its tenders.
    const pageSpan = startSpan(`sync page ${adapter.code}`, {
      attributes: { "tender.source": adapter.code, "tender.page": pages + 1 },
    });
    const pageContext = trace.setSpan(context.active(), pageSpan);
    try {
      let page: SourcePage;
      try {
        page = await inSpan("fetch page", { parent: pageContext }, () =>
          adapter.fetchPage({
            cursor: request,
            resumed: request !== null && pages === 0 && !restarted,
            lastSyncAt: source.last_sync_at,
            adapterState,
            signal,
          }),
        );
      } catch (error) {
        if (signal.aborted) return report("aborted");
        if (error instanceof CursorRejectedError && request !== null && !restarted) {
          logger.warn(
            { source: adapter.code, err: error.message },
            "Stored cursor refused; starting the pass afresh",
          );
          restarted = true;
          request = null;
          continue;
        }
        throw error;
      }

      let next = page.nextCursor === "" ? null : page.nextCursor;
      const repeated = next !== null && seen.has(next);
      if (repeated) {
        logger.warn(
          { source: adapter.code, page: pages + 1 },
          "Source returned a cursor already used in this pass; stopping",
        );
        next = null;
      }
      // The end of the data ends the pass: its state is cleared with the cursor.
      const nextState = next === null ? null : (page.adapterState ?? adapterState);
      let counts: SyncCounts;
      try {
        counts = await context.with(pageContext, () =>
          commitPage(db, {
            sourceCode: adapter.code,
            expectedCursor: stored,
            items: mapPageItems(page, adapter.code),
            nextCursor: next,
            adapterState: nextState,
            subject: options.subject,
            now: now(),
            logger,
          }),
        );
      } catch (error) {
        if (!(error instanceof CursorMovedError)) throw error;
        logger.warn(
          { source: adapter.code },
          "Another sync of this source moved its cursor; stopping this pass",
        );
        return report("cursor_moved");
      }
      pages += 1;
      stored = next;
      adapterState = nextState;
      addCounts(totals, counts);
      logger.debug({ source: adapter.code, page: pages, ...counts }, "Page committed");
      await options.onPageCommitted?.({ number: pages, counts, cursor: next });
      if (repeated) return report("repeated_cursor");
      if (next === null) return report("end");
      seen.add(next);
      request = next;
    } catch (error) {
      markSpanFailed(pageSpan, error);
      throw error;
    } finally {
      pageSpan.end();
    }
  }
}
