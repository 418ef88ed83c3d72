// The browse page types, in a leaf of their own: the repository and its SQL builder both need them.
import type { TenderFilters, TenderSort, TenderSummaryRow } from "@tender/contracts";

/** Where a page starts: after the tender with this sort key (its text form) and id. */
export interface TenderPosition {
  /** The sort key as `listTenders` returned it (`sort_key`); null for a null deadline or amount. */
  key: string | null;
  id: string;
}

/** Days (`YYYY-MM-DD`, both included) a result notice's earliest contract end falls in. */
export interface ContractEndRange {
  from?: string;
  to?: string;
}

export interface ListTendersInput {
  filters?: TenderFilters;
  /** Browse only: result notices whose contract ends in this range. */
  contractEnd?: ContractEndRange;
  sort: TenderSort;
  limit: number;
  after?: TenderPosition;
  now: Date;
}

/** A tender of a page, with its sort key in text form for the next cursor. */
export interface ListedTender extends TenderSummaryRow {
  sort_key: string | null;
}
