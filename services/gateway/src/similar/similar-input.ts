import type { TenderFilters } from "@tender/contracts";
import { type SimilarAwardsInput, type SimilarSource, specificCpvCodes } from "@tender/db";

/** What a tender's similar contracts are ranked by: its text, specific CPV codes, countries and value; never its own procedure. */
export function similarInputOf(
  tender: SimilarSource,
  settings: { model: string; minTextScore: number; filters?: TenderFilters; now: Date },
): Omit<SimilarAwardsInput, "limit" | "after"> {
  return {
    like: tender.has_text ? { tenderId: tender.id } : null,
    words: tender.title.trim() === "" ? null : tender.title,
    model: settings.model,
    cpvCodes: specificCpvCodes(tender.cpv_codes),
    countries: tender.countries,
    value:
      tender.amount !== null && tender.currency !== null
        ? { amount: tender.amount, currency: tender.currency }
        : null,
    excludeProcedureId: tender.procedure_id,
    excludeTenderId: tender.id,
    minTextScore: settings.minTextScore,
    ...(settings.filters ? { filters: settings.filters } : {}),
    now: settings.now,
  };
}

/** Why a tender has no similar contracts. */
export function noSimilarReason(
  input: Omit<SimilarAwardsInput, "limit" | "after">,
  filtered: boolean,
): string {
  if (input.like === null && input.words === null && input.cpvCodes.length === 0) {
    return "This notice is not indexed yet and names no CPV code more specific than a division: there is nothing to compare it by.";
  }
  return `No awarded contract of another procedure shares a CPV group with this notice or has text scoring at least ${input.minTextScore}${filtered ? " within these filters" : ""}.`;
}

/**
 * What awarded contracts are ranked by for a query without a tender (`POST /awards/search` and its
 * summary): the query's vector and words, no CPV code, country or value read from the words; the
 * filters narrow; no procedure is excluded.
 */
export function queryInputOf(
  query: string,
  embedding: readonly number[] | null | undefined,
  settings: { model: string; minTextScore: number; filters?: TenderFilters | undefined; now: Date },
): Omit<SimilarAwardsInput, "limit" | "after"> {
  return {
    like: embedding ? { embedding } : null,
    words: query,
    model: settings.model,
    cpvCodes: [],
    countries: [],
    value: null,
    excludeProcedureId: null,
    excludeTenderId: null,
    minTextScore: settings.minTextScore,
    ...(settings.filters ? { filters: settings.filters } : {}),
    now: settings.now,
  };
}
