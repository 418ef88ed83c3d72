import type { ColumnType, Generated, Selectable } from "kysely";

/** An organisation: a buyer or winner under one organisation key (0026, docs/records.md#awards-and-organisations). */
export interface OrganisationsTable {
  id: Generated<string>;
  /** `organisationKey` of `@tender/organisations`, e.g. `GB-COH:01234567`, `name:acme:GB`. */
  org_key: string;
  /** The spelling shown. */
  name: string;
  country: string | null;
  /** The registered identifier and its scheme, when the key is one. */
  identifier: string | null;
  scheme: string | null;
  is_buyer: Generated<boolean>;
  is_supplier: Generated<boolean>;
  /** The folded shown name, computed by the database (0027): the order of search results. */
  search_name: ColumnType<string, never, never>;
  /** Every word of every spelling, kept by a trigger (0027), for word search. */
  search_words: ColumnType<string, never, never>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type OrganisationRow = Selectable<OrganisationsTable>;

/** Every spelling of an organisation's name seen in a notice (0026). */
export interface OrganisationNamesTable {
  organisation_id: string;
  name: string;
  first_seen_at: Generated<Date>;
  /** The first notice stored that gives this spelling (0033); null when none is known. */
  tender_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** `nameSkeleton(name)` (UTS #39, 0033): equal skeletons display alike. */
  skeleton: ColumnType<string | null, string | null | undefined, string | null>;
}
