import type { SearchResponse, SearchResultItem, TenderListResponse, TenderSummary } from "@tender/contracts";
import type { ApiClient } from "../api/api-client.js";
import { type SearchState, toFilters } from "./search-state.js";

/** One tender of the results with its fragments, best first. */
export interface ResultGroup {
  tenderId: string;
  /** From browsing by id; null when the tender is gone since it was indexed. */
  tender: TenderSummary | null;
  title: string;
  fragments: SearchResultItem[];
}

/** Groups fragments by tender, in the order of each tender's best fragment. */
export function groupByTender(items: SearchResultItem[], tenders: TenderSummary[]): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const item of items) {
    let group = groups.get(item.tender_id);
    if (!group) {
      group = {
        tenderId: item.tender_id,
        tender: tenders.find((t) => t.id === item.tender_id) ?? null,
        title: item.title,
        fragments: [],
      };
      groups.set(item.tender_id, group);
    }
    group.fragments.push(item);
  }
  return [...groups.values()];
}

/**
 * Search (the 10 best fragments under the filters), then one browsing request for those
 * tenders' buyer, amount, deadline, countries and CPV codes, which Search does not return.
 */
export async function runSearch(
  api: ApiClient,
  state: SearchState,
  signal: AbortSignal,
): Promise<ResultGroup[]> {
  const filters = toFilters(state);
  // Hybrid (docs/api.md#hybrid-search): words, notice numbers, buyers and the CPV vocabulary too.
  const body = { query: state.q, limit: 10, mode: "hybrid", ...(filters ? { filters } : {}) };
  const found = await api.send<SearchResponse>("POST", "/search", body, signal);
  const ids = [...new Set(found.items.map((i) => i.tender_id))];
  if (ids.length === 0) return [];
  const params = new URLSearchParams(ids.map((id) => ["tender_id", id]));
  params.set("limit", String(ids.length));
  const tenders = await api.get<TenderListResponse>("/tenders", params, signal);
  return groupByTender(found.items, tenders.items);
}
