import type { NoticeKind } from "@tender/contracts";

/**
 * Where a notice belongs (docs/records.md#procedures), mapped by its source from `raw_payload`:
 * stored beside the tender, never part of `TenderRecordV1` or its hash.
 */
export interface NoticeProcedure {
  /** The source's procedure identifier (TED `procedure-identifier`, OCDS `ocid`). */
  key: string;
  kind: NoticeKind;
  /** The notice this one replaces, as the source names it (an `external_id`); null: none named. */
  supersedes: string | null;
  /**
   * True when the source's notice ids are unique only within a procedure (OCDS release ids are
   * unique per `ocid`): a stored notice of the same `external_id` in another procedure is then
   * another notice, and this one is quarantined rather than moving it (`NoticeIdTakenError`).
   */
  idWithinProcedure?: boolean;
  /**
   * Its buyer keys (`noticeBuyerKeys`): it supersedes only notices of its source sharing one
   * (docs/records.md#procedures). Absent or empty: it names no buyer.
   */
  buyers?: readonly string[];
  /**
   * A notice of a UK portal that may be published on the other one too (Find a Tender and
   * Contracts Finder): the keys the other portal can name it by, and the other portal's notice it
   * names itself (`portal:kind:id`, see `ocdsOtherPortalNotice`). Absent for every other source.
   */
  portal?: PortalLinks;
}

/** How a notice of a UK portal is named and what it names on the other portal. */
export interface PortalLinks {
  /** Its own keys (`find-a-tender:ocid:ocds-h6vhtk-06f1a9`, `find-a-tender:notice:083650-2026`). */
  keys: readonly string[];
  /** The other portal's notice it names, as a key; null: none. */
  names: string | null;
}
