import type { NoticeKind } from "@tender/contracts";
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

/**
 * `€1,250,000.00`; the plain figures and code when the currency is not one the browser knows.
 * The decimal string is formatted as it is (Intl reads it exactly), so a total of 20+ digits keeps every digit.
 */
export function formatAmount(amount: string | null, currency: string | null): string {
  if (amount === null) return "not stated";
  if (currency) {
    try {
      return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(
        amount as Intl.StringNumericLiteral,
      );
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

const KIND_NAMES: Record<NoticeKind, string> = {
  planning: "Planning",
  competition: "Call for competition",
  change: "Change",
  result: "Result",
  modification: "Modification",
  cancellation: "Cancellation",
};

/** Kinds in the order a procedure goes through them, for lists of kinds (unknown ones last). */
export function byKindOrder(a: { value: string }, b: { value: string }): number {
  const rank = (kind: string) => {
    const i = Object.keys(KIND_NAMES).indexOf(kind);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return rank(a.value) - rank(b.value) || a.value.localeCompare(b.value);
}

/** A notice kind as people say it (`Call for competition`); an unknown one as it is. */
export function kindName(kind: string): string {
  return KIND_NAMES[kind as NoticeKind] ?? kind;
}

/** `12 May 2026, 09:00 UTC`: a date with its time, for two deadlines on one day. */
export function formatDateTime(iso: string): string {
  const time = new Date(iso).toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return `${formatDate(iso)}, ${time} UTC`;
}

/** `2 Jun 2026` for a calendar day (`YYYY-MM-DD`, as awards give them); `not stated` for null. */
export function formatDay(day: string | null): string {
  return day === null ? "not stated" : formatDate(`${day}T00:00:00Z`);
}
