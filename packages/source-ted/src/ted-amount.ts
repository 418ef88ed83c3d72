import { sumDecimalTexts, toDecimalText } from "@tender/ingest";
import { asList, type TedNotice } from "./ted-notice.js";

export interface TedAmount {
  amount: string | null;
  currency: string | null;
}

/**
 * The notice's value: `total-value` with `total-value-cur`; else the sum of every
 * `estimated-value-lot` when all lot currencies agree; else none. A list is summed; a value that
 * is not a number (a placeholder) makes that source unusable rather than guessed. Placeholder
 * numbers such as 0 or 1 are real data and kept.
 */
export function tedAmount(notice: TedNotice): TedAmount {
  return (
    amountFrom(notice["total-value"], notice["total-value-cur"]) ??
    amountFrom(notice["estimated-value-lot"], notice["estimated-value-cur-lot"]) ?? {
      amount: null,
      currency: null,
    }
  );
}

function amountFrom(
  values: TedNotice["total-value"],
  currencies: TedNotice["total-value-cur"],
): TedAmount | null {
  const texts = asList(values).map(toDecimalText);
  if (texts.length === 0 || texts.some((text) => text === null)) return null;
  const codes = [...new Set(asList(currencies).map((code) => code.trim().toUpperCase()))];
  if (codes.length > 1) return null;
  return { amount: sumDecimalTexts(texts as string[]), currency: codes[0] ?? null };
}
