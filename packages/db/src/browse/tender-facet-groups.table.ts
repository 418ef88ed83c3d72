import type { NoticeKind } from "@tender/contracts";

/**
 * Tenders per combination of source, countries, CPV divisions, currency (migration 0020) and
 * notice kind (0022), written only by the triggers on `tenders`; `countTenderFacets` adds them up.
 */
export interface TenderFacetGroupsTable {
  source_id: string;
  countries: string[];
  /** Distinct first two digits of the tenders' CPV codes, sorted. */
  cpv_divisions: string[];
  currency: string | null;
  /** The tenders' notice kind (migration 0022). */
  kind: NoticeKind;
  /** Tenders of the group now; 0 once its last tender left (the row stays). */
  tenders: number;
}
