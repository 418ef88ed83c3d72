import type { NoticeChange, NoticeKind } from "@tender/contracts";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

export type IndexStatus = "pending" | "processing" | "ready" | "failed";

export interface TendersTable {
  id: Generated<string>;
  source_id: string;
  external_id: string;
  title: string;
  description: string | null;
  buyer_name: string;
  /** numeric(20,2), read back as a decimal string so no precision is lost. */
  amount: string | null;
  currency: string | null;
  published_at: ColumnType<Date, Date | string, Date | string>;
  deadline: ColumnType<Date | null, Date | string | null, Date | string | null>;
  source_url: string;
  content_hash: string;
  indexed_hash: string | null;
  index_status: ColumnType<IndexStatus, IndexStatus | undefined, IndexStatus>;
  last_error: string | null;
  raw_payload: ColumnType<Record<string, unknown>, string, string>;
  /** Re-announcements by the indexer's sweeper since the tender was last indexed (0002). */
  index_attempts: Generated<number>;
  /** The sweeper does not re-announce the tender before this time (0002). */
  next_index_at: Date | null;
  /** Re-announcements by the downloader's sweeper since the downloader last handled the tender (0004). */
  download_sweep_attempts: Generated<number>;
  /** The downloader's sweeper does not re-announce the tender before this time (0004). */
  next_download_sweep_at: Date | null;
  /** ISO alpha-2 codes, sorted, unique (0006); derived from `raw_payload`, never hashed. */
  countries: ColumnType<string[], string[] | undefined, string[]>;
  /** 8-digit CPV codes, sorted, unique (0006); derived from `raw_payload`, never hashed. */
  cpv_codes: ColumnType<string[], string[] | undefined, string[]>;
  /** Every 2..8-digit prefix of `cpv_codes`, computed by the database (0006). */
  cpv_prefixes: ColumnType<string[], never, never>;
  /** The procedure it belongs to (0022); null until its source maps one (`tender remap`). */
  procedure_id: string | null;
  /** What the notice is within its procedure (0022). */
  kind: ColumnType<NoticeKind, NoticeKind | undefined, NoticeKind>;
  /** The notice it replaces, as its source names it (an `external_id`), found or not (0022). */
  supersedes_external_id: string | null;
  /** The notice of its procedure that replaces it; null: it is current (0022). */
  superseded_by: string | null;
  /** What it changed against the notice it replaces; null: it replaces none (0022). */
  changes: ColumnType<NoticeChange[] | null, string | null, string | null>;
  /** The buyer's organisation (0026); null until linked. */
  buyer_organisation_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a result notice's awards could not be read (0026); null: read, or nothing to read. */
  awards_unreadable: ColumnType<string | null, string | null | undefined, string | null>;
  /** The key of the other UK portal's notice it names (0028); null: none. */
  names_notice: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its own source's procedure while it stands in a joined one (0028); null: `procedure_id` is its own. */
  source_procedure_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyers it is published for: organisation keys and normalised names (0031). */
  buyer_keys: ColumnType<string[], string[] | undefined, string[]>;
  /** It stands beside its procedure's own notices: another source or buyer (0031). */
  beside: ColumnType<boolean, boolean | undefined, boolean>;
  /** The earliest contract end among its awards, `YYYY-MM-DD` (0029); null: none stated. */
  contract_end: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type TenderRow = Selectable<TendersTable>;
export type NewTenderRow = Insertable<TendersTable>;
export type TenderUpdate = Updateable<TendersTable>;
