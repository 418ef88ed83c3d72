import { type Award, type CurrencyValues, SIMILAR_LIMITS, type SimilarSummary } from "@tender/contracts";
import { fromCents, quartileCents, toCents } from "./decimal-cents.js";

/** One similar award notice as the summary reads it. */
export interface SummarisedNotice {
  buyer_organisation_id: string | null;
  buyer_name: string;
  framework: boolean | null;
  estimated: { amount: string; currency: string } | null;
  awards: readonly Award[];
}

/**
 * The summary of similar awarded contracts (docs/api.md#similar-contracts): values per currency
 * (never converted, never added across currencies), frameworks apart from single contracts
 * (a framework's value is a ceiling, not spend); awarded against estimated value; tenders
 * received; the most frequent winners with their totals per currency; the buyers that bought
 * this most. Anything resting on fewer than `threshold` values is left out; with fewer than
 * `threshold` notices nothing is stated but the counts and the reason.
 */
export function summariseSimilarAwards(
  notices: readonly SummarisedNotice[],
  threshold: number = SIMILAR_LIMITS.threshold,
): SimilarSummary {
  const awards = notices.reduce((n, notice) => n + notice.awards.length, 0);
  const base = { notices: notices.length, awards, threshold };
  if (notices.length < threshold) {
    return {
      ...base,
      reason: `Too few similar contracts (${notices.length}, at least ${threshold} needed) to state figures.`,
      values: { contracts: [], frameworks: [] },
      awarded_to_estimated: null,
      tenders_received: null,
      top_winners: [],
      top_buyers: [],
    };
  }
  const contracts = new Map<string, bigint[]>();
  const frameworks = new Map<string, bigint[]>();
  const ratios: number[] = [];
  const received: number[] = [];
  const winners = new Map<
    string,
    {
      id: string | null;
      name: string | null;
      awards: number;
      totals: Map<string, { total: bigint; count: number }>;
    }
  >();
  for (const notice of notices) {
    const framework = notice.framework === true;
    let awarded: { cents: bigint; currency: string } | null = null;
    for (const award of notice.awards) {
      if (award.tenders_received !== null) received.push(award.tenders_received);
      const value = award.value !== null && award.currency !== null ? toCents(award.value) : null;
      if (value !== null && award.currency !== null) {
        push(framework ? frameworks : contracts, award.currency, value);
        if (!framework) {
          awarded =
            awarded === null
              ? { cents: value, currency: award.currency }
              : awarded.currency === award.currency
                ? { cents: awarded.cents + value, currency: award.currency }
                : { cents: -1n, currency: "" };
        }
      }
      for (const winner of award.winners) {
        const key = winner.organisation_id ?? `name:${(winner.name ?? "").toLowerCase()}`;
        if (winner.organisation_id === null && winner.name === null) continue;
        const entry = winners.get(key) ?? {
          id: winner.organisation_id,
          name: winner.name,
          awards: 0,
          totals: new Map(),
        };
        entry.awards += 1;
        if (value !== null && award.currency !== null && !framework) {
          const total = entry.totals.get(award.currency) ?? { total: 0n, count: 0 };
          entry.totals.set(award.currency, { total: total.total + value, count: total.count + 1 });
        }
        winners.set(key, entry);
      }
    }
    const estimated = notice.estimated;
    if (
      !framework &&
      awarded &&
      awarded.cents >= 0n &&
      estimated &&
      estimated.currency === awarded.currency
    ) {
      const cents = toCents(estimated.amount);
      if (cents > 0n) ratios.push(Number(awarded.cents) / Number(cents));
    }
  }
  const buyers = new Map<string, { organisation_id: string | null; name: string; notices: number }>();
  for (const notice of notices) {
    const key = notice.buyer_organisation_id ?? `name:${notice.buyer_name.toLowerCase()}`;
    const entry = buyers.get(key) ?? {
      organisation_id: notice.buyer_organisation_id,
      name: notice.buyer_name,
      notices: 0,
    };
    entry.notices += 1;
    buyers.set(key, entry);
  }
  return {
    ...base,
    reason: null,
    values: { contracts: valuesOf(contracts, threshold), frameworks: valuesOf(frameworks, threshold) },
    awarded_to_estimated:
      ratios.length >= threshold ? { count: ratios.length, median_ratio: round(median(ratios), 4) } : null,
    tenders_received:
      received.length >= threshold ? { count: received.length, median: median(received) } : null,
    top_winners: [...winners.values()]
      .sort((a, b) => b.awards - a.awards || (a.name ?? "").localeCompare(b.name ?? ""))
      .slice(0, SIMILAR_LIMITS.top)
      .map((w) => ({
        organisation_id: w.id,
        name: w.name,
        awards: w.awards,
        totals: [...w.totals.entries()]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([currency, t]) => ({ currency, total: fromCents(t.total), count: t.count })),
      })),
    top_buyers: [...buyers.values()]
      .sort((a, b) => b.notices - a.notices || a.name.localeCompare(b.name))
      .slice(0, SIMILAR_LIMITS.top),
  };
}

function push(map: Map<string, bigint[]>, currency: string, cents: bigint): void {
  const list = map.get(currency) ?? [];
  list.push(cents);
  map.set(currency, list);
}

/** Per currency with at least `threshold` values, by currency code. */
function valuesOf(map: Map<string, bigint[]>, threshold: number): CurrencyValues[] {
  return [...map.entries()]
    .filter(([, list]) => list.length >= threshold)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, list]) => {
      const sorted = [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const q = (k: 0 | 1 | 2 | 3 | 4) => fromCents(quartileCents(sorted, k));
      return { currency, count: sorted.length, min: q(0), q1: q(1), median: q(2), q3: q(3), max: q(4) };
    });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
