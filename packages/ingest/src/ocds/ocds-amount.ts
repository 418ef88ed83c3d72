import { sumDecimalTexts, toDecimalText } from "../mapping/decimal-text.js";
import type { OcdsRelease, OcdsValue } from "./ocds-release.js";

export interface OcdsAmount {
  amount: string | null;
  currency: string | null;
}

/**
 * `tender.value` when it has an amount; else the sum of the lot values when every lot has one
 * and their currencies agree (publishers that value lots only); else none. Placeholder amounts (1 GBP) are real
 * data and kept; an amount that is not a number is treated as absent.
 */
export function ocdsAmount(tender: NonNullable<OcdsRelease["tender"]>): OcdsAmount {
  const own = single(tender.value);
  if (own) return own;
  const lots = (tender.lots ?? []).map((lot) => single(lot.value));
  if (lots.length === 0 || lots.some((lot) => lot === null)) return { amount: null, currency: null };
  const values = lots as OcdsAmount[];
  const currencies = new Set(values.map((lot) => lot.currency));
  if (currencies.size > 1) return { amount: null, currency: null };
  return {
    amount: sumDecimalTexts(values.map((lot) => lot.amount as string)),
    currency: values[0]?.currency ?? null,
  };
}

function single(value: OcdsValue | null | undefined): OcdsAmount | null {
  const amount = toDecimalText(value?.amount);
  if (amount === null) return null;
  return { amount, currency: value?.currency?.trim().toUpperCase() || null };
}
