/** What the demo's own Search request returned. */
export interface SearchCheck {
  fragments: number;
  /** Filenames of the attachments the fragments come from (null: tender metadata). */
  attachments: (string | null)[];
  /** Source code of each fragment's tender (`ted`, `contracts_finder`). */
  sources: string[];
}

/** Runs one Search (with `filters`, when given) through the gateway, as a user's curl would. Throws on a non-200 answer. */
export async function checkDemoSearch(
  gatewayUrl: string,
  apiKey: string,
  query: string,
  limit = 3,
  filters?: Record<string, unknown>,
): Promise<SearchCheck> {
  const response = await fetch(`${gatewayUrl}/api/v1/search`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({ query, limit, ...(filters ? { filters } : {}) }),
  });
  if (!response.ok) throw new Error(`Search answered HTTP ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as {
    items: { source: string; attachment: { filename: string } | null }[];
  };
  return {
    fragments: body.items.length,
    attachments: body.items.map((item) => item.attachment?.filename ?? null),
    sources: body.items.map((item) => item.source),
  };
}

/** Runs one browsing request (`query` is its query string) and counts the tenders of its first page. */
export async function checkDemoBrowse(gatewayUrl: string, apiKey: string, query: string): Promise<number> {
  const response = await fetch(`${gatewayUrl}/api/v1/tenders?${query}`, { headers: { "x-api-key": apiKey } });
  if (!response.ok) throw new Error(`Browsing answered HTTP ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { items: unknown[] }).items.length;
}
