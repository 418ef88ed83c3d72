import type { NoticeKind, TenderFilters, TenderSort } from "@tender/contracts";

/** How browsing orders tenders (docs/api.md#browsing; the API's sorts, in the order the page offers them). */
export const SORTS = [
  "published_desc",
  "deadline_asc",
  "amount_desc",
] as const satisfies readonly TenderSort[];
export type Sort = (typeof SORTS)[number];

/**
 * Everything a search page shows, as the URL holds it (so a search can be bookmarked and
 * shared). Dates are calendar days (`2026-05-01`), as date inputs give them.
 */
export interface SearchState {
  q: string;
  sources: string[];
  countries: string[];
  cpv: string[];
  buyer: string;
  currency: string;
  amountMin: string;
  amountMax: string;
  publishedFrom: string;
  publishedTo: string;
  deadlineFrom: string;
  deadlineTo: string;
  open: boolean;
  /** Notice kinds (`kind` in the URL, as browsing names it): a URL may hold any text, which the API refuses. */
  kinds: string[];
  /** "Latest only": leave out notices a later notice of their procedure replaced. */
  current: boolean;
  sort: Sort;
}

export const EMPTY_SEARCH: SearchState = {
  q: "",
  sources: [],
  countries: [],
  cpv: [],
  buyer: "",
  currency: "",
  amountMin: "",
  amountMax: "",
  publishedFrom: "",
  publishedTo: "",
  deadlineFrom: "",
  deadlineTo: "",
  open: false,
  kinds: [],
  current: false,
  sort: "published_desc",
};

// The URL's parameter names are the browsing API's, so a URL reads like the API call it makes.
const TEXT_PARAMS = [
  ["buyer", "buyer"],
  ["currency", "currency"],
  ["amountMin", "amount_min"],
  ["amountMax", "amount_max"],
  ["publishedFrom", "published_from"],
  ["publishedTo", "published_to"],
  ["deadlineFrom", "deadline_from"],
  ["deadlineTo", "deadline_to"],
] as const;
const LIST_PARAMS = [
  ["sources", "source"],
  ["countries", "country"],
  ["cpv", "cpv"],
  ["kinds", "kind"],
] as const;
const DATE_PARAMS = new Set(["publishedFrom", "publishedTo", "deadlineFrom", "deadlineTo"]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a search from a URL's query string; what does not parse is left out. */
export function parseSearchState(search: string): SearchState {
  const params = new URLSearchParams(search);
  const state: SearchState = { ...EMPTY_SEARCH, q: params.get("q")?.trim() ?? "" };
  for (const [key, name] of LIST_PARAMS) {
    state[key] = [
      ...new Set(
        params
          .getAll(name)
          .map((v) => v.trim())
          .filter((v) => v !== ""),
      ),
    ];
  }
  for (const [key, name] of TEXT_PARAMS) {
    const value = params.get(name)?.trim() ?? "";
    state[key] = DATE_PARAMS.has(key) && !DAY.test(value) ? "" : value;
  }
  state.open = params.get("open") === "true";
  state.current = params.get("current") === "true";
  const sort = params.get("sort");
  state.sort = (SORTS as readonly string[]).includes(sort ?? "") ? (sort as Sort) : "published_desc";
  return state;
}

/** The query string of a search (without `?`); empty values are left out. */
export function searchStateToQuery(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q.trim() !== "") params.set("q", state.q.trim());
  for (const [key, name] of LIST_PARAMS) for (const value of state[key]) params.append(name, value);
  for (const [key, name] of TEXT_PARAMS) if (state[key].trim() !== "") params.set(name, state[key].trim());
  if (state.open) params.set("open", "true");
  if (state.current) params.set("current", "true");
  if (state.sort !== "published_desc") params.set("sort", state.sort);
  return params.toString();
}

/** Midnight UTC starting a calendar day. */
function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** Midnight UTC ending a calendar day: "to 1 May" includes 1 May (the API's `to` is exclusive). */
function dayEnd(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The `filters` of Search, Ask and saved searches for a search; undefined when nothing is chosen. */
export function toFilters(state: SearchState): TenderFilters | undefined {
  const filters: TenderFilters = {};
  // A URL may name any source: the API refuses an unknown one with a message the page shows.
  if (state.sources.length > 0) filters.sources = state.sources as NonNullable<TenderFilters["sources"]>;
  if (state.countries.length > 0) filters.countries = state.countries.map((c) => c.toUpperCase());
  if (state.cpv.length > 0) filters.cpv = state.cpv;
  if (state.buyer.trim() !== "") filters.buyer = state.buyer.trim();
  if (state.currency !== "") filters.currency = state.currency.toUpperCase();
  if (state.amountMin !== "") filters.amount_min = state.amountMin;
  if (state.amountMax !== "") filters.amount_max = state.amountMax;
  if (state.publishedFrom !== "") filters.published_from = dayStart(state.publishedFrom);
  if (state.publishedTo !== "") filters.published_to = dayEnd(state.publishedTo);
  if (state.deadlineFrom !== "") filters.deadline_from = dayStart(state.deadlineFrom);
  if (state.deadlineTo !== "") filters.deadline_to = dayEnd(state.deadlineTo);
  if (state.open) filters.open = true;
  // Like a source, a kind the URL names is sent as it is: the API refuses an unknown one with a message.
  if (state.kinds.length > 0) filters.kinds = state.kinds as NoticeKind[];
  if (state.current) filters.current = true;
  return Object.keys(filters).length > 0 ? filters : undefined;
}

/** Query parameters of `GET /api/v1/tenders` and `/api/v1/facets` for the same filters. */
export function toBrowseParams(state: SearchState): URLSearchParams {
  const filters = toFilters(state) ?? {};
  const params = new URLSearchParams();
  for (const source of filters.sources ?? []) params.append("source", source);
  for (const country of filters.countries ?? []) params.append("country", country);
  for (const cpv of filters.cpv ?? []) params.append("cpv", cpv);
  for (const kind of filters.kinds ?? []) params.append("kind", kind);
  for (const key of [
    "buyer",
    "currency",
    "amount_min",
    "amount_max",
    "published_from",
    "published_to",
    "deadline_from",
    "deadline_to",
  ] as const) {
    const value = filters[key];
    if (value !== undefined) params.set(key, value);
  }
  if (filters.open) params.set("open", "true");
  if (filters.current) params.set("current", "true");
  return params;
}

/** The search a saved search stands for (its `to` dates back to the inclusive day). */
export function fromFilters(query: string, filters: TenderFilters | null): SearchState {
  const f = filters ?? {};
  const day = (iso: string | undefined) => (iso ? iso.slice(0, 10) : "");
  const dayBefore = (iso: string | undefined) => {
    if (!iso) return "";
    const date = new Date(iso);
    date.setUTCDate(date.getUTCDate() - 1);
    return date.toISOString().slice(0, 10);
  };
  return {
    ...EMPTY_SEARCH,
    q: query,
    sources: f.sources ?? [],
    countries: f.countries ?? [],
    cpv: f.cpv ?? [],
    buyer: f.buyer ?? "",
    currency: f.currency ?? "",
    amountMin: f.amount_min ?? "",
    amountMax: f.amount_max ?? "",
    publishedFrom: day(f.published_from),
    publishedTo: dayBefore(f.published_to),
    deadlineFrom: day(f.deadline_from),
    deadlineTo: dayBefore(f.deadline_to),
    open: f.open ?? false,
    kinds: f.kinds ?? [],
    current: f.current ?? false,
  };
}
