import { sourceLabel } from "@tender/contracts/display";

const DAY_MS = 86_400_000;

/** `12 May 2026` (UTC: the API's times are UTC, and so is every date the app shows). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** `closes in 12 days`, `closes today`, `closed` — relative to `now`. */
export function closesIn(deadline: string, now: number = Date.now()): string {
  const left = new Date(deadline).getTime() - now;
  if (left <= 0) return "closed";
  const days = Math.floor(left / DAY_MS);
  if (days === 0) return "closes today";
  return days === 1 ? "closes in 1 day" : `closes in ${days} days`;
}

/** `€1,250,000.00`; the plain figures and code when the currency is not one the browser knows. */
export function formatAmount(amount: string | null, currency: string | null): string {
  if (amount === null) return "not stated";
  if (currency) {
    try {
      return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(Number(amount));
    } catch {
      // An unknown code: shown as it is below.
    }
  }
  return currency ? `${amount} ${currency}` : amount;
}

/** `1.2 MB` */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return "size unknown";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A source's name as people know it, from the contracts' list of sources (one place for all). */
export const sourceName = sourceLabel;
