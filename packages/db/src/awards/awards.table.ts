import type { ColumnType, Generated, Selectable } from "kysely";

/** The award of one lot of a result notice (0026); null wherever the notice does not say. */
export interface AwardsTable {
  id: Generated<string>;
  tender_id: string;
  /** Its place among the notice's awards, from 0. */
  position: number;
  lot: string | null;
  status: "awarded" | "not-awarded" | "open" | null;
  /** numeric(20,2), read back as a decimal string so no precision is lost. */
  value: string | null;
  currency: string | null;
  /** Calendar dates, `YYYY-MM-DD`. */
  decided_at: ColumnType<string | null, string | null, string | null>;
  contract_signed_at: ColumnType<string | null, string | null, string | null>;
  contract_end: ColumnType<string | null, string | null, string | null>;
  tenders_received: number | null;
  /** A framework agreement or dynamic purchasing system, its value a ceiling (0040); null: not said. */
  framework: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  buyer_organisation_id: string | null;
}
export type AwardRow = Selectable<AwardsTable>;

/** A winner of an award as the notice writes it, linked to its organisation (0026). */
export interface AwardWinnersTable {
  award_id: string;
  position: number;
  organisation_id: string | null;
  name: string | null;
  identifier: string | null;
  scheme: string | null;
  country: string | null;
}
