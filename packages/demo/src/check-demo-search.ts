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

/** A notice of a procedure as the demo's check reads it from `GET /api/v1/procedures/{id}`. */
export interface ProcedureCheckNotice {
  external_id: string;
  kind: string;
  superseded_by: string | null;
  changes: { field: string; from: unknown; to: unknown }[] | null;
}

/** Reads one procedure (`GET /api/v1/procedures/{id}`): its current notice's id and its notices, oldest first. Throws on a non-200 answer. */
export async function checkDemoProcedure(
  gatewayUrl: string,
  apiKey: string,
  procedureId: string,
): Promise<{ currentId: string; notices: ProcedureCheckNotice[] }> {
  const response = await fetch(`${gatewayUrl}/api/v1/procedures/${encodeURIComponent(procedureId)}`, {
    headers: { "x-api-key": apiKey },
  });
  if (!response.ok)
    throw new Error(`the procedure answered HTTP ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { current: { id: string }; notices: ProcedureCheckNotice[] };
  return { currentId: body.current.id, notices: body.notices };
}

/** `083650-2026-demo-call competition (replaced), 083650-2026-demo-change change, 083650-2026 result`. */
export function describeProcedureNotices(notices: readonly ProcedureCheckNotice[]): string {
  return notices
    .map((n) => `${n.external_id} ${n.kind}${n.superseded_by === null ? "" : " (replaced)"}`)
    .join(", ");
}
