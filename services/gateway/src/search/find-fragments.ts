import type { SearchResultItem, TenderFilters } from "@tender/contracts";
import { searchChunks } from "@tender/db";
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
 */
export async function findFragments(
  deps: Pick<Deps, "db" | "readDb" | "ai" | "config" | "metrics">,
  query: string,
  limit: number,
  filters?: TenderFilters,
  deadline?: Deadline,
): Promise<SearchResultItem[]> {
  const [embedding] = await deps.ai.embed([query], deadline ? { signal: deadline.signal } : {});
  if (!embedding) return [];
  const started = performance.now();
  // The scan's span says how it was asked and what it found, never the query text.
  const attributes = {
    "db.system.name": "postgresql",
    "db.operation.name": "SELECT",
    "tender.search.limit": limit,
    "tender.search.filtered": filters !== undefined,
  };
  const matches = await inSpan("search chunks", { attributes }, async (span) => {
    const found = await searchChunks(readDbOf(deps), {
      embedding,
      model: deps.ai.embedModel,
      minScore: deps.config.minRelevanceScore,
      limit,
      parallelWorkers: deps.config.searchParallelWorkers ?? 0,
      settingsOnConnection: deps.config.searchSettingsOnConnection ?? false,
      ...(filters ? { filters } : {}),
      ...(deadline ? { signal: deadline.signal, statementTimeoutMs: deadline.timeLeftMs() } : {}),
    });
    span.setAttribute("tender.search.results", found.length);
    return found;
  });
  deps.metrics?.observeSearch((performance.now() - started) / 1000);
  return matches.map(toSearchResultItem);
}
