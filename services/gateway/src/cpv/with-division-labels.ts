import type { CpvFacetCount, FacetCount } from "@tender/contracts";
import { type CpvLanguage, cpvLabel } from "@tender/cpv";

/** CPV division counts (`72`) with the division's label (that of `72000000`) in `lang`. */
export function withDivisionLabels(counts: readonly FacetCount[], lang: CpvLanguage): CpvFacetCount[] {
  return counts.map((count) => ({ ...count, label: cpvLabel(count.value.padEnd(8, "0"), lang) }));
}
