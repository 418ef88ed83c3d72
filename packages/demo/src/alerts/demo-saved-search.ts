import { describeNoticeChanges } from "@tender/contracts/display";
import type { AlertReceiver } from "./start-alert-receiver.js";

/** A saved search the demo makes (the body of `POST /api/v1/saved-searches` without its webhook). */
export interface DemoSavedSearchDefinition {
  name: string;
  query: string;
  filters: Readonly<Record<string, readonly string[]>>;
  min_score: number;
}

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
} as const satisfies DemoSavedSearchDefinition;

/**
 * The demo's second saved search, a bidder's: words of the demo procedure's call for competition
 * (HC2645, "independent evaluation of Phase 2 of the Emotional Me Programme" in Wiltshire
 * schools, `DEMO_PROCEDURE`), UK notices only. It matches the call, then follows its procedure:
 * the change and the award reach it as follow-ups.
 */
export const DEMO_PROCEDURE_SEARCH = {
  name: "School programme evaluations (demo)",
  query: "independent evaluation of a programme in schools",
  filters: { countries: ["GB"] },
  min_score: 0.3,
} as const satisfies DemoSavedSearchDefinition;

const DEMO_SEARCHES: readonly DemoSavedSearchDefinition[] = [DEMO_SAVED_SEARCH, DEMO_PROCEDURE_SEARCH];

/** What the gateway answered when the saved search was made (the secret is shown only then). */
export interface CreatedDemoSavedSearch {
  id: string;
  feed_url: string;
  webhook_secret: string;
}

/**
 * Saves `search` (default `DEMO_SAVED_SEARCH`) through the gateway, as a user's curl would, with
 * the receiver as its webhook (and `email`, when given, as its digest), and tells the receiver
 * the secret to check signatures with.
 */
export async function createDemoSavedSearch(
  gatewayUrl: string,
  apiKey: string,
  receiver: AlertReceiver,
  email?: { to: string; frequency: "instant" | "daily" | "weekly" },
  search: DemoSavedSearchDefinition = DEMO_SAVED_SEARCH,
): Promise<CreatedDemoSavedSearch> {
  const response = await fetch(`${gatewayUrl}/api/v1/saved-searches`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({ ...search, webhook_url: receiver.url, ...(email ? { email } : {}) }),
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

/** The fields of an `AlertV1` the demo prints (any of them may be missing from a forged call). */
interface PrintedAlert {
  reason?: string;
  saved_search?: { name?: string };
  tender?: { title?: string; external_id?: string };
  score?: number;
  snippet?: string;
  attachment?: { filename?: string } | null;
  changes?: Parameters<typeof describeNoticeChanges>[0];
}

/**
 * An alert as the demo prints it. A match: which search, which tender, the score and the
 * fragment. A follow-up (docs/events.md#follow-ups): which search, which notice, its reason and
 * what it changed (a change) or its title (a result, a cancellation).
 */
export function describeAlert(body: unknown, signed: boolean): string {
  const alert = (typeof body === "object" && body !== null ? body : {}) as PrintedAlert;
  const name = alert.saved_search?.name ?? "?";
  const notice = alert.tender?.external_id ?? "?";
  const signature = signed ? "signature checked" : "SIGNATURE INVALID (answered 401)";
  if (alert.reason === "changed" || alert.reason === "awarded" || alert.reason === "cancelled") {
    // Only well-formed entries: a forged call must not stop the receiver.
    const listed = Array.isArray(alert.changes) ? alert.changes : [];
    const changes = describeNoticeChanges(
      listed.filter((c) => typeof c === "object" && c !== null && typeof c.field === "string"),
    );
    const what = alert.reason === "changed" && changes !== "" ? changes : `"${alert.tender?.title ?? "?"}"`;
    return [`follow-up for "${name}": ${notice} ${alert.reason}`, what, signature].join(" — ");
  }
  const query = DEMO_SEARCHES.find((search) => search.name === name)?.query ?? "";
  const short = excerptFor(alert.snippet ?? "", query);
  const where = alert.attachment?.filename ? `in ${alert.attachment.filename}` : "in the notice";
  return [
    `alert for "${name}": ${notice} "${alert.tender?.title ?? "?"}"`,
    `score ${alert.score?.toFixed(2) ?? "?"}, ${where}: "${short}"`,
    signature,
  ].join(" — ");
}
