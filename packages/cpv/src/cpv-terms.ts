import type { CpvLanguage } from "./cpv-languages.js";
import { cpvLabel, cpvPrefixOf } from "./cpv-vocabulary.js";

/** A CPV code with its label in one language, as the API shows codes (docs/api.md#cpv-labels). */
export interface CpvTerm {
  code: string;
  /** The official label, in English when the language has none; `null` for a code CPV 2008 lacks. */
  label: string | null;
}

/** Each code with its label in `lang` (English fallback), in the codes' order. */
export function cpvTerms(codes: readonly string[], lang: CpvLanguage = "eng"): CpvTerm[] {
  return codes.map((code) => ({ code, label: cpvLabel(code, lang) }));
}

/**
 * How broad a code is, from its significant digits: 1 division (`45000000`), 2 group (`45200000`),
 * 3 class (`45230000`), 4 category (`45233000`), 5 anything finer (`45233141`).
 */
export function cpvLevel(code: string): 1 | 2 | 3 | 4 | 5 {
  return Math.min(5, Math.max(1, cpvPrefixOf(code).length - 1)) as 1 | 2 | 3 | 4 | 5;
}

/**
 * How many codes of a tender a list labels (browsing, matches, alerts): a label takes up to 431
 * bytes of JSON, and a tender may have 1,000 codes; the card labels them all.
 */
export const LISTED_CPV_LABELS = 50;

/**
 * The tender with `cpv` (its first `max` `cpv_codes` and their labels in `lang`) right after
 * `cpv_codes`, so an answer reads codes, then what they mean.
 */
export function withCpvLabels<T extends { cpv_codes: readonly string[] }>(
  tender: T,
  lang: CpvLanguage = "eng",
  max = LISTED_CPV_LABELS,
): T & { cpv: CpvTerm[] } {
  const labelled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tender)) {
    labelled[key] = value;
    if (key === "cpv_codes") labelled.cpv = cpvTerms(tender.cpv_codes.slice(0, max), lang);
  }
  return labelled as T & { cpv: CpvTerm[] };
}

/**
 * Codes as one line a person reads: `72000000 IT services: …; 48000000 Software package …` (the
 * first `max`, then `and N more`); a code the vocabulary lacks stands alone. `""` for none.
 */
export function describeCpvCodes(codes: readonly string[], lang: CpvLanguage = "eng", max = 3): string {
  const shown = cpvTerms(codes.slice(0, max), lang).map((t) =>
    t.label === null ? t.code : `${t.code} ${t.label}`,
  );
  const more = codes.length - shown.length;
  return [shown.join("; "), more > 0 ? `and ${more} more` : ""].filter(Boolean).join(", ");
}
