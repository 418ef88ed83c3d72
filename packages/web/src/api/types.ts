// The API's shapes as the app reads them (schemas/*.schema.json are the contract).

export interface TenderSummary {
  id: string;
  source: string;
  external_id: string;
  title: string;
  buyer_name: string;
  amount: string | null;
  currency: string | null;
  published_at: string;
  deadline: string | null;
  source_url: string;
  countries: string[];
  cpv_codes: string[];
  index_status: string;
  /** Null until the tender's source maps its procedure (docs/api.md#procedures). */
  procedure_id: string | null;
  kind: NoticeKind;
  /** The notice that replaces this one; null: it is current. */
  superseded_by: string | null;
}

export type NoticeKind = "planning" | "competition" | "change" | "result" | "modification" | "cancellation";

/** What a change notice changed against the notice it replaces. */
export interface NoticeChange {
  field: "title" | "deadline" | "amount" | "documents_added" | "documents_removed";
  from: string | string[] | null;
  to: string | string[] | null;
}

/** One notice of a procedure, oldest first in `TenderDetails.procedure.notices`. */
export interface ProcedureNotice {
  id: string;
  external_id: string;
  kind: NoticeKind;
  published_at: string;
  superseded_by: string | null;
  changes: NoticeChange[] | null;
}

export interface Attachment {
  id: string;
  filename: string;
  title: string | null;
  content_type: string | null;
  size_bytes: number | null;
  download_status: "pending" | "failed" | "ready" | "skipped";
  source_url: string;
}

export interface TenderDetails extends TenderSummary {
  description: string | null;
  procedure: { id: string; notices: ProcedureNotice[] } | null;
  attachments: Attachment[];
}

export interface SearchItem {
  tender_id: string;
  title: string;
  source: string;
  source_url: string;
  snippet: string;
  score: number;
  attachment: { id: string; filename: string } | null;
}

export interface SearchResponse {
  query: string;
  items: SearchItem[];
}

export interface TenderList {
  items: TenderSummary[];
  next_cursor: string | null;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface Facets {
  total: number;
  sources: FacetCount[];
  countries: FacetCount[];
  cpv_divisions: FacetCount[];
  currencies: FacetCount[];
  kinds: FacetCount[];
}

/** The `filters` object of Search, Ask and saved searches (docs/api.md#filters). */
export interface Filters {
  sources?: string[];
  countries?: string[];
  cpv?: string[];
  buyer?: string;
  currency?: string;
  amount_min?: string;
  amount_max?: string;
  published_from?: string;
  published_to?: string;
  deadline_from?: string;
  deadline_to?: string;
  open?: boolean;
  tender_ids?: string[];
  kinds?: NoticeKind[];
  current?: boolean;
}

export interface SavedSearch {
  id: string;
  name: string;
  query: string;
  filters: Filters | null;
  min_score: number;
  webhook_url: string | null;
  /** Null when the server keeps no sealed copy of the token (then shown only when made). */
  feed_url: string | null;
  created_at: string;
}

export interface Match {
  alert_id: string;
  tender: TenderSummary;
  score: number;
  snippet: string;
  attachment: { id: string; filename: string } | null;
  matched_at: string;
}
