import type { SearchMode, SearchResultItem, TenderFilters } from "@tender/contracts";
import { hybridSearchChunks, searchChunks } from "@tender/db";
import { inSpan } from "@tender/observability";
import { type Deps, readDbOf } from "../deps.js";
import { toSearchResultItem } from "./to-search-result-item.js";
import type { Deadline } from "./within-deadline.js";

/**
 * The retrieval of docs/api.md#search, shared by Search and Ask: the query embedded by the active
 * provider, then the exact scan of the chunks embedded by its model. A query without a vector (no token for the fake) finds
 * nothing. Provider failures reject with `AiDependencyError`. `filters` restrict the scan to
 * the chunks of the matching tenders (docs/api.md#filters). At the `deadline` the embedding request
 * is cancelled and so is the scan (a cancel, or a `statement_timeout` of the time left).
 * `mode` "hybrid": hybrid Search (docs/api.md#hybrid-search), where a query without a vector is
 * still found by its words; a lexical list past its own bound is left out, with a warning.
 */
export async function findFragments(
  deps: Pick<Deps, "db" | "readDb" | "ai" | "config" | "metrics" | "logger">,
  query: string,
  limit: number,
  filters?: TenderFilters,
  deadline?: Deadline,
  mode: SearchMode = "vector",
): Promise<SearchResultItem[]> {
  const [embedding] = await deps.ai.embed([query], deadline ? { signal: deadline.signal } : {});
  if (!embedding && mode === "vector") return [];
  const started = performance.now();
  // The scan's span says how it was asked and what it found, never the query text.
  const attributes = {
    "db.system.name": "postgresql",
    "db.operation.name": "SELECT",
    "tender.search.limit": limit,
    "tender.search.filtered": filters !== undefined,
    "tender.search.mode": mode,
  };
  const matches = await inSpan("search chunks", { attributes }, async (span) => {
    const input = {
      model: deps.ai.embedModel,
      minScore: deps.config.minRelevanceScore,
      limit,
      parallelWorkers: deps.config.searchParallelWorkers ?? 0,
      settingsOnConnection: deps.config.searchSettingsOnConnection ?? false,
      ...(filters ? { filters } : {}),
      ...(deadline ? { signal: deadline.signal, statementTimeoutMs: deadline.timeLeftMs() } : {}),
    };
    const found =
      mode === "hybrid"
        ? await hybridSearchChunks(readDbOf(deps), {
            ...input,
            query,
            embedding: embedding ?? null,
            ...(deps.config.hybridListTimeoutMs === undefined
              ? {}
              : { listTimeoutMs: deps.config.hybridListTimeoutMs }),
            // Never the query text: it may name what a buyer plans to tender.
            onListTimeout: (list, timeoutMs) =>
              deps.logger.warn(
                { list, timeout_ms: timeoutMs },
                "hybrid Search answered without a lexical list that ran past its bound",
              ),
          })
        : await searchChunks(readDbOf(deps), { ...input, embedding: embedding as number[] });
    span.setAttribute("tender.search.results", found.length);
    return found;
  });
  deps.metrics?.observeSearch((performance.now() - started) / 1000);
  return matches.map(toSearchResultItem);
}
