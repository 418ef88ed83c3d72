import type { Award, SimilarAward, SimilarReason } from "@tender/contracts";
import { type CpvLanguage, withCpvLabels } from "@tender/cpv";
import type { SimilarAwardRow } from "@tender/db";

const CPV_REASON = {
  8: "cpv_code",
  7: "cpv_category",
  6: "cpv_category",
  5: "cpv_category",
  4: "cpv_class",
  3: "cpv_group",
} as const;

/** Why a ranked notice is similar, strongest first: the shared CPV level, the text's score (when it counts), the country, the value. */
export function similarReasons(row: SimilarAwardRow, minTextScore: number): SimilarReason[] {
  const reasons: SimilarReason[] = [];
  const level = row.cpv_level as keyof typeof CPV_REASON | null;
  if (level !== null && row.cpv_prefix !== null && CPV_REASON[level]) {
    reasons.push({ kind: CPV_REASON[level], cpv: row.cpv_prefix });
  }
  if (row.text_score !== null && row.text_score >= minTextScore) {
    reasons.push({ kind: "text", score: Math.round(row.text_score * 10_000) / 10_000 });
  }
  if (row.shared_country !== null) reasons.push({ kind: "country", country: row.shared_country });
  if (row.value_closeness >= 0.5) reasons.push({ kind: "value" });
  return reasons;
}

/** A ranked notice and its awards as the API answers them. */
export function toSimilarAward(
  row: SimilarAwardRow,
  awards: readonly Award[],
  minTextScore: number,
  lang: CpvLanguage = "eng",
): SimilarAward {
  const {
    buyer_organisation_id,
    framework,
    estimated_amount,
    estimated_currency,
    score,
    text_score: _t,
    cpv_level: _l,
    cpv_prefix: _p,
    shared_country: _c,
    value_closeness: _v,
    ...notice
  } = row;
  return {
    notice: withCpvLabels(notice, lang),
    buyer_organisation_id,
    framework,
    estimated:
      estimated_amount !== null && estimated_currency !== null
        ? { amount: estimated_amount, currency: estimated_currency }
        : null,
    awards: [...awards],
    score: Number(score),
    reasons: similarReasons(row, minTextScore),
  };
}
