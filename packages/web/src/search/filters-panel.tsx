import type { CpvFacetCount, CpvSuggestionList, FacetsResponse } from "@tender/contracts";
import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { FacetList } from "../components/facet-list.js";
import { FailureNotice } from "../components/failure-notice.js";
import { byKindOrder, kindName, sourceName } from "../format.js";
import type { RequestState } from "../use-request.js";
import { cpvFilterPrefix } from "./cpv-filter-prefix.js";
import { CpvPicker } from "./cpv-picker.js";
import { EMPTY_SEARCH, type SearchState } from "./search-state.js";

interface Props {
  api: ApiClient;
  state: SearchState;
  facets: RequestState<FacetsResponse>;
  onChange: (next: SearchState) => void;
  onRetry: () => void;
}

type TextField =
  | "buyer"
  | "currency"
  | "amountMin"
  | "amountMax"
  | "publishedFrom"
  | "publishedTo"
  | "deadlineFrom"
  | "deadlineTo";

const wide = () => typeof matchMedia === "function" && matchMedia("(min-width: 50rem)").matches;

/**
 * The filters: ticking a facet applies at once; the text, amount and date fields apply with
 * "Apply filters" (or Enter), so typing does not send a request per key.
 */
export function FiltersPanel({ api, state, facets, onChange, onRetry }: Props) {
  const [draft, setDraft] = useState(state);
  useEffect(() => setDraft(state), [state]);
  const data = facets.status === "done" ? facets.data : null;
  const cpvLabels = useCpvLabels(api, state.cpv, data?.cpv_divisions ?? []);
  const [open] = useState(wide);
  const toggle = (key: "sources" | "countries" | "cpv" | "kinds") => (value: string, on: boolean) => {
    const list = on ? [...state[key], value] : state[key].filter((v) => v !== value);
    onChange({ ...state, [key]: list });
  };
  const field = (key: TextField) => ({
    id: `filter-${key}`,
    value: draft[key],
    onInput: (e: Event) => setDraft({ ...draft, [key]: (e.target as HTMLInputElement).value }),
  });
  const currencies = data?.currencies.map((c) => c.value) ?? [];
  if (state.currency && !currencies.includes(state.currency)) currencies.push(state.currency);
  const active = searchHasFilters(state);
  return (
    <aside class="filters" aria-label="Filters">
      <details open={open}>
        <summary>
          Filters{active ? " (active)" : ""}
          {data && (
            <span class="muted">
              {" "}
              · {data.total} matching {data.total === 1 ? "tender" : "tenders"}
            </span>
          )}
        </summary>
        {/* First: it decides which notices of a procedure the lists and counts below hold. */}
        <div class="check latest-only">
          <input
            type="checkbox"
            id="filter-current"
            checked={state.current}
            onChange={(e) => onChange({ ...state, current: (e.target as HTMLInputElement).checked })}
          />
          <label for="filter-current">
            Latest only <span class="muted small">(hide notices a later one replaced)</span>
          </label>
        </div>
        {facets.status === "loading" && <p class="muted small">Counting tenders…</p>}
        {facets.status === "failed" && <FailureNotice failure={facets.failure} onRetry={onRetry} />}
        {data && (
          <>
            <FacetList
              legend="Source"
              name="source"
              counts={data.sources}
              total={data.total}
              selected={state.sources}
              label={sourceName}
              onToggle={toggle("sources")}
            />
            <FacetList
              legend="Country"
              name="country"
              counts={data.countries}
              total={data.total}
              selected={state.countries}
              onToggle={toggle("countries")}
            />
            <FacetList
              legend="CPV division"
              name="cpv"
              counts={data.cpv_divisions}
              total={data.total}
              selected={state.cpv}
              label={cpvLabels.labelOf}
              showValue
              onToggle={toggle("cpv")}
            />
            <FacetList
              legend="Notice kind"
              name="kind"
              counts={[...data.kinds].sort(byKindOrder)}
              total={data.total}
              selected={state.kinds}
              label={kindName}
              onToggle={toggle("kinds")}
            />
          </>
        )}
        <form
          class="filter-fields"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({
              ...draft,
              q: state.q,
              sources: state.sources,
              countries: state.countries,
              cpv: state.cpv,
              kinds: state.kinds,
              open: state.open,
              current: state.current,
            });
          }}
        >
          <CpvPicker
            api={api}
            onPick={(prefix, label) => {
              if (label !== null) cpvLabels.remember(prefix, label);
              if (!state.cpv.includes(prefix)) onChange({ ...state, cpv: [...state.cpv, prefix] });
            }}
          />
          <label for="filter-buyer">Buyer name contains</label>
          <input type="text" maxLength={200} {...field("buyer")} />
          <fieldset>
            <legend>Amount</legend>
            <label for="filter-currency">Currency</label>
            <select
              id="filter-currency"
              value={draft.currency}
              onChange={(e) => setDraft({ ...draft, currency: (e.target as HTMLSelectElement).value })}
            >
              <option value="">Any</option>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <div class="pair">
              <span>
                <label for="filter-amountMin">From</label>
                <input type="text" inputMode="decimal" pattern="[0-9]+([.][0-9]+)?" {...field("amountMin")} />
              </span>
              <span>
                <label for="filter-amountMax">To</label>
                <input type="text" inputMode="decimal" pattern="[0-9]+([.][0-9]+)?" {...field("amountMax")} />
              </span>
            </div>
            {(draft.amountMin || draft.amountMax) && !draft.currency && (
              <p class="small hint">Choose a currency to filter by amount.</p>
            )}
          </fieldset>
          <fieldset>
            <legend>Published</legend>
            <div class="pair dates">
              <span>
                <label for="filter-publishedFrom">From</label>
                <input type="date" {...field("publishedFrom")} />
              </span>
              <span>
                <label for="filter-publishedTo">To</label>
                <input type="date" {...field("publishedTo")} />
              </span>
            </div>
          </fieldset>
          <fieldset>
            <legend>Deadline</legend>
            <div class="pair dates">
              <span>
                <label for="filter-deadlineFrom">From</label>
                <input type="date" {...field("deadlineFrom")} />
              </span>
              <span>
                <label for="filter-deadlineTo">To</label>
                <input type="date" {...field("deadlineTo")} />
              </span>
            </div>
          </fieldset>
          <div class="check">
            <input
              type="checkbox"
              id="filter-open"
              checked={state.open}
              onChange={(e) => onChange({ ...state, open: (e.target as HTMLInputElement).checked })}
            />
            <label for="filter-open">Open for bids only</label>
          </div>
          <div class="row">
            <button type="submit">Apply filters</button>
            {active && (
              <button type="button" class="secondary" onClick={() => onChange({ ...state, ...CLEARED })}>
                Clear filters
              </button>
            )}
          </div>
        </form>
      </details>
    </aside>
  );
}

/**
 * The labels of the chosen CPV prefixes, in the reader's language: those picked, those of the
 * facets, and, for a prefix that came with the address, the vocabulary's code it stands for
 * (`4523` → `45230000`), looked up once.
 */
function useCpvLabels(api: ApiClient, chosen: string[], divisions: CpvFacetCount[]) {
  const [known, setKnown] = useState<Record<string, string>>({});
  const remember = (prefix: string, label: string) => setKnown((k) => ({ ...k, [prefix]: label }));
  const labelOf = (value: string) => known[value] ?? divisions.find((d) => d.value === value)?.label ?? value;
  const missing = chosen.filter((prefix) => labelOf(prefix) === prefix).join(",");
  useEffect(() => {
    const controller = new AbortController();
    for (const prefix of missing ? missing.split(",") : []) {
      const params = new URLSearchParams({ q: prefix, limit: "1" });
      api.get<CpvSuggestionList>("/cpv", params, controller.signal).then(
        (list) => {
          const first = list.items[0];
          if (first && cpvFilterPrefix(first.code) === prefix) remember(prefix, first.label);
        },
        () => {},
      );
    }
    return () => controller.abort();
  }, [api, missing]);
  return { labelOf, remember };
}

// Every filter at its empty value: the empty search without its query and sort.
const { q: _q, sort: _sort, ...CLEARED } = EMPTY_SEARCH;

/** Whether any filter is chosen. */
export function searchHasFilters(state: SearchState): boolean {
  return Object.entries(CLEARED).some(([key, empty]) => {
    const value = state[key as keyof typeof CLEARED];
    return Array.isArray(value) ? value.length > 0 : value !== empty;
  });
}
