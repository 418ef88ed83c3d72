import { sumDecimalTexts, toDecimalText } from "@tender/ingest";
import type { CfRelease, CfValue } from "./cf-release.js";

export interface CfAmount {
  amount: string | null;
  currency: string | null;
}

/**
 * `tender.value` when it has an amount; else the sum of the lot values when every lot has one
 * and their currencies agree (Find a Tender); else none. Placeholder amounts (1 GBP) are real
 * data and kept; an amount that is not a number is treated as absent.
 */
export function cfAmount(tender: NonNullable<CfRelease["tender"]>): CfAmount {
  const own = single(tender.value);
  if (own) return own;
  const lots = (tender.lots ?? []).map((lot) => single(lot.value));
  if (lots.length === 0 || lots.some((lot) => lot === null)) return { amount: null, currency: null };
  const values = lots as CfAmount[];
  const currencies = new Set(values.map((lot) => lot.currency));
  if (currencies.size > 1) return { amount: null, currency: null };
  return {
    amount: sumDecimalTexts(values.map((lot) => lot.amount as string)),
    currency: values[0]?.currency ?? null,
  };
}

function single(value: CfValue | null | undefined): CfAmount | null {
  const amount = toDecimalText(value?.amount);
  if (amount === null) return null;
  return { amount, currency: value?.currency?.trim().toUpperCase() || null };
}
