import type { TenderRow } from "@tender/db";

/** The tender's own fields as one text: title, buyer, amount and currency, dates, description. */
export function tenderMetadataText(tender: TenderRow): string {
  const lines = [tender.title, `Buyer: ${tender.buyer_name}`];
  if (tender.amount !== null)
    lines.push(`Amount: ${[tender.amount, tender.currency].filter(Boolean).join(" ")}`);
  lines.push(`Published: ${tender.published_at.toISOString()}`);
  if (tender.deadline) lines.push(`Deadline: ${tender.deadline.toISOString()}`);
  if (tender.description) lines.push("", tender.description);
  return lines.join("\n");
}
