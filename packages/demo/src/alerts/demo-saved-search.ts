import type { AlertReceiver } from "./start-alert-receiver.js";

/**
 * The demo's saved search: words of TED notice 821126-2025 ("NASTRI IN ACCIAIO AL CARBONIO") and
 * of a clause of its real PDF ("Valore stimato al netto dell'IVA"), so the alert for that notice
 * carries a fragment from inside the PDF. Italian notices only.
 */
export const DEMO_SAVED_SEARCH = {
  name: "Steel strip tenders (demo)",
  query: "nastri in acciaio al carbonio: valore stimato al netto dell'IVA",
  filters: { countries: ["IT"] },
  min_score: 0.2,
} as const;

/** What the gateway answered when the saved search was made (the secret is shown only then). */
export interface CreatedDemoSavedSearch {
  id: string;
  feed_url: string;
  webhook_secret: string;
}

/**
 * Saves `DEMO_SAVED_SEARCH` through the gateway, as a user's curl would, with the receiver as its
 * webhook (and `email`, when given, as its digest), and tells the receiver the secret to check
 * signatures with.
 */
export async function createDemoSavedSearch(
  gatewayUrl: string,
  apiKey: string,
  receiver: AlertReceiver,
  email?: { to: string; frequency: "instant" | "daily" | "weekly" },
): Promise<CreatedDemoSavedSearch> {
  const response = await fetch(`${gatewayUrl}/api/v1/saved-searches`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({ ...DEMO_SAVED_SEARCH, webhook_url: receiver.url, ...(email ? { email } : {}) }),
  });
  if (response.status !== 201) {
    throw new Error(`saving the search answered HTTP ${response.status}: ${await response.text()}`);
  }
  const created = (await response.json()) as CreatedDemoSavedSearch;
  receiver.trust(created.webhook_secret);
  return created;
}

const EXCERPT_CHARS = 140;

/**
 * The `EXCERPT_CHARS` of `text` holding the most words of `query` (of 4 letters or more), from
 * a word's start: the part of a long fragment that made it match.
 */
export function excerptFor(text: string, query: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const words = query.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const lower = flat.toLowerCase();
  let best = 0;
  let bestCount = -1;
  for (const match of flat.matchAll(/(?:^|\s)(?=\S)/g)) {
    const start = match.index + (match[0].length > 0 ? 1 : 0);
    if (start > flat.length - EXCERPT_CHARS) break;
    const window = lower.slice(start, start + EXCERPT_CHARS);
    const count = words.filter((w) => window.includes(w)).length;
    if (count > bestCount) [best, bestCount] = [start, count];
  }
  const excerpt = flat.slice(best, best + EXCERPT_CHARS - 1);
  return `${best > 0 ? "…" : ""}${excerpt}…`;
}

/** An alert as the demo prints it: which search, which tender, the score, and the fragment. */
export function describeAlert(body: unknown, signed: boolean): string {
  const alert = body as {
    saved_search?: { name?: string };
    tender?: { title?: string; external_id?: string };
    score?: number;
    snippet?: string;
    attachment?: { filename?: string } | null;
  };
  const short = excerptFor(alert.snippet ?? "", DEMO_SAVED_SEARCH.query);
  const where = alert.attachment?.filename ? `in ${alert.attachment.filename}` : "in the notice";
  return [
    `alert for "${alert.saved_search?.name ?? "?"}": ${alert.tender?.external_id ?? "?"} "${alert.tender?.title ?? "?"}"`,
    `score ${alert.score?.toFixed(2) ?? "?"}, ${where}: "${short}"`,
    signed ? "signature checked" : "SIGNATURE INVALID (answered 401)",
  ].join(" — ");
}
