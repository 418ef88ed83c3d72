/** A follow-up's reason and changes as the alert contracts carry them (`SavedSearchMatch`). */
export interface FollowUpLike {
  reason: "match" | "changed" | "awarded" | "cancelled";
  changes:
    | readonly {
        field: string;
        from: string | readonly string[] | null;
        to: string | readonly string[] | null;
      }[]
    | null;
}

const LABELS = { changed: "Changed", awarded: "Awarded", cancelled: "Cancelled" } as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Changed: <title>", "Awarded: …", "Cancelled: …" for a follow-up; the title alone for a match. */
export function followUpTitle(reason: FollowUpLike["reason"], title: string): string {
  return reason === "match" ? title : `${LABELS[reason]}: ${title}`;
}

const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const time = (d: Date) =>
  `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;

/** Two deadlines by their day ("29 Oct 2026"), with the UTC time when only the time moved. */
function deadlines(from: string | null, to: string | null): [string, string] {
  const [a, b] = [from, to].map((v) => (v === null ? null : new Date(v)));
  const valid = (d: Date | null | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
  const sameDay = valid(a) && valid(b) && day(a) === day(b);
  const show = (d: Date | null | undefined, raw: string | null) =>
    !valid(d) ? (raw ?? "none") : sameDay ? `${day(d)} ${time(d)}` : day(d);
  return [show(a, from), show(b, to)];
}

/** "5300000.00 CZK" as "5,300,000.00 CZK"; anything else as it is. */
function amount(value: string | null): string {
  if (value === null) return "none";
  const m = /^(-?)(\d+)(\.\d+)?( [A-Z]{3})?$/.exec(value);
  return m
    ? `${m[1]}${(m[2] as string).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${m[3] ?? ""}${m[4] ?? ""}`
    : value;
}

const text = (v: string | readonly string[] | null) =>
  v === null ? "" : typeof v === "string" ? v : v.join(", ");

/**
 * What a follow-up changed, in one line: "deadline 29 Oct 2026 → 4 Nov 2026; amount 5,300,000.00 CZK
 * → 6,000,000.00 CZK; title “Old” → “New”; documents added: a.pdf; documents removed: b.pdf".
 * Empty when there is nothing to list (a match, a result, a notice that replaces no stored one).
 */
export function describeNoticeChanges(changes: FollowUpLike["changes"]): string {
  return (changes ?? [])
    .map(({ field, from, to }) => {
      const one = (v: string | readonly string[] | null) =>
        typeof v === "string" || v === null ? v : text(v);
      switch (field) {
        case "deadline": {
          const [a, b] = deadlines(one(from), one(to));
          return `deadline ${a} → ${b}`;
        }
        case "amount":
          return `amount ${amount(one(from))} → ${amount(one(to))}`;
        case "title":
          return `title “${text(from)}” → “${text(to)}”`;
        case "documents_added":
          return `documents added: ${text(to)}`;
        case "documents_removed":
          return `documents removed: ${text(from)}`;
        default:
          return `${field} ${text(from) || "none"} → ${text(to) || "none"}`;
      }
    })
    .join("; ");
}
