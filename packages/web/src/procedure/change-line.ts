import type { NoticeChange } from "@tender/contracts";
import { formatAmount, formatDate, formatDateTime } from "../format.js";

/** The most document names one change lists; the rest are counted ("and 12 more"). */
export const MAX_LISTED_DOCUMENTS = 20;

/** One change of a change notice as the timeline shows it. */
export type ChangeLine =
  | {
      shape: "pair";
      label: string;
      from: string;
      to: string;
      /** The values come from the source (a title): shown isolated, controls as markers. */
      sourceText: boolean;
    }
  | { shape: "list"; label: string; items: string[]; more: number };

type Value = NoticeChange["from"];

const LABELS: Record<NoticeChange["field"], string> = {
  title: "Title",
  deadline: "Deadline",
  amount: "Amount",
  documents_added: "Documents added",
  documents_removed: "Documents removed",
};

/**
 * What a change reads as: `Deadline 29 Oct 2026 → 4 Nov 2026` (with the times when the day is
 * the same), `Amount CZK 5,300,000.00 → …`, or the documents added or removed.
 */
export function changeLine(change: NoticeChange): ChangeLine {
  const label = LABELS[change.field] ?? change.field;
  switch (change.field) {
    case "documents_added":
      return listLine(label, change.to);
    case "documents_removed":
      return listLine(label, change.from);
    case "deadline":
      return deadlineLine(label, text(change.from), text(change.to));
    case "amount":
      return {
        shape: "pair",
        label,
        from: amount(text(change.from)),
        to: amount(text(change.to)),
        sourceText: false,
      };
    default:
      return {
        shape: "pair",
        label,
        from: text(change.from) ?? "none",
        to: text(change.to) ?? "none",
        sourceText: true,
      };
  }
}

function listLine(label: string, value: Value): ChangeLine {
  const all = value === null ? [] : typeof value === "string" ? [value] : value;
  return {
    shape: "list",
    label,
    items: all.slice(0, MAX_LISTED_DOCUMENTS),
    more: Math.max(0, all.length - MAX_LISTED_DOCUMENTS),
  };
}

function deadlineLine(label: string, from: string | null, to: string | null): ChangeLine {
  const valid = (iso: string | null) => iso !== null && !Number.isNaN(Date.parse(iso));
  // Two deadlines on one day differ in their time: show it, or the line reads "29 Oct → 29 Oct".
  const sameDay = valid(from) && valid(to) && formatDate(from as string) === formatDate(to as string);
  const show = (iso: string | null) => {
    if (iso === null) return "none";
    if (!valid(iso)) return iso;
    return sameDay ? formatDateTime(iso) : formatDate(iso);
  };
  return { shape: "pair", label, from: show(from), to: show(to), sourceText: false };
}

/** `"5300000.00 CZK"` as `CZK 5,300,000.00`; anything else as it is. */
function amount(value: string | null): string {
  if (value === null) return "not stated";
  const match = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/.exec(value);
  return match ? formatAmount(match[1] as string, match[2] as string) : value;
}

function text(value: Value): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value : value.join(", ");
}
