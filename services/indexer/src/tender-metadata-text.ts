import type { TenderRow } from "@tender/db";

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
