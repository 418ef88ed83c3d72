/** An organisation as a notice names it (a buyer or a winner); any part may be missing. */
export interface NoticeParty {
  name: string | null;
  /** The registered identifier as written, e.g. `PYDR-3797-LZLJ`, `C55603`. */
  identifier: string | null;
  /** Its register (org-id.guide code), e.g. `GB-PPON`; null for an eForms company id. */
  scheme: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

/** The award of one lot, as mapped from a notice; null wherever the notice does not say. */
export interface NoticeAward {
  lot: string | null;
  status: "awarded" | "not-awarded" | "open" | null;
  winners: NoticeParty[];
  /** Exact decimal, `numeric(20,2)` form, e.g. `239689.54`. */
  value: string | null;
  currency: string | null;
  /** `YYYY-MM-DD`. */
  decidedAt: string | null;
  contractSignedAt: string | null;
  contractEnd: string | null;
  tendersReceived: number | null;
  /**
   * True: the lot is a framework agreement or dynamic purchasing system (its value is a ceiling);
   * false: neither; null: the award record does not say (an OCDS release says it for the whole
   * notice in `tender.techniques`, which the similar contracts read from the stored payload).
   */
  framework: boolean | null;
}

/**
 * What a notice says about its awards and its buyer (docs/records.md#awards-and-organisations),
 * stored beside the tender like its facets, never part of `TenderRecordV1` or its hash.
 * `unreadable` says why the awards could not be read (or were cut); null when they were read.
 */
export interface NoticeAwards {
  buyer: NoticeParty | null;
  awards: NoticeAward[];
  unreadable: string | null;
}

/** A notice with no awards to read (a call for competition) and this buyer. */
export function buyerOnly(buyer: NoticeParty | null): NoticeAwards {
  return { buyer, awards: [], unreadable: null };
}
