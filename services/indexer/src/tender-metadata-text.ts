import { type CpvLanguage, cpvLabel } from "@tender/cpv";
import type { TenderRow } from "@tender/db";

/** CPV codes written out at most: the labels of a notice's main and lot codes, not of a hostile list of a thousand. */
const MAX_CPV_LINES = 30;

/**
 * The tender's own fields as one text, what a person searches a notice by (docs/api.md#hybrid-search):
 * title, notice number, buyer, amount and currency, dates, then the description (which holds
 * the lots' titles and descriptions).
 */
export function tenderMetadataText(tender: TenderRow): string {
  const lines = [tender.title, `Notice: ${tender.external_id}`, `Buyer: ${tender.buyer_name}`];
  if (tender.amount !== null)
    lines.push(`Amount: ${[tender.amount, tender.currency].filter(Boolean).join(" ")}`);
  lines.push(`Published: ${tender.published_at.toISOString()}`);
  if (tender.deadline) lines.push(`Deadline: ${tender.deadline.toISOString()}`);
  if (tender.description) lines.push("", tender.description);
  return lines.join("\n");
}

/**
 * The tender's classification as a text of its own (its own chunk, section `cpv`, so the
 * labels do not dilute the vector of the fields above): each CPV code with its English label and
 * its label in the notice's language `lang` when that is another; empty without codes.
 */
export function tenderClassificationText(tender: TenderRow, lang: CpvLanguage | null): string {
  const lines: string[] = [];
  for (const code of tender.cpv_codes.slice(0, MAX_CPV_LINES)) {
    const labels = [cpvLabel(code, "eng"), lang && lang !== "eng" ? cpvLabel(code, lang) : null];
    const known = [...new Set(labels.filter((label) => label !== null))];
    lines.push(`CPV ${code}${known.length > 0 ? `: ${known.join(" / ")}` : ""}`);
  }
  return lines.join("\n");
}
