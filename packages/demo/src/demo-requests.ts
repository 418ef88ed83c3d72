import type { Db } from "@tender/db";

/**
 * Search query of the demo: words of the real TED notice PDFs ("Valore stimato al netto
 * dell'IVA", "Criteri di aggiudicazione"), so the best fragments come from inside the downloaded
 * PDFs, with the fake provider's word matching as with a real embedding model.
 */
export const DEMO_SEARCH_QUERY = "valore stimato e criteri di aggiudicazione";
/**
 * Second Search query of the demo: words of the real recorded search pages (TED's "IT services:
 * consulting, software development…" notices, Contracts Finder's "Procurement of office and IT
 * equipment"), so the fragments come from the notices' own fields (the demo counts them per source).
 */
export const DEMO_NOTICES_QUERY = "procurement of IT services and software";
/**
 * Filters of the demo's filtered Search: German notices classified under CPV division 72 (IT
 * services), which the recorded TED page holds (369161-2026 among them).
 */
export const DEMO_FILTERS = { countries: ["DE"], cpv: ["72"] };
/** Query string of the demo's browsing command: French IT-services notices, soonest deadline first. */
export const DEMO_BROWSE_QUERY = "country=FR&cpv=72&sort=deadline_asc&limit=5";
/** Ask question of the demo, answered by the PDF of 821126-2025 ("Termine per il ricevimento delle offerte"). */
export const DEMO_ASK_QUESTION =
  "Qual è il termine per il ricevimento delle offerte per i nastri in acciaio al carbonio?";
/** The notice whose card the demo shows when it has a downloaded PDF. */
export const DEMO_TENDER_EXTERNAL_ID = "821126-2025";

/** A tender with a downloaded attachment, for the tender card example. */
export interface DemoTender {
  id: string;
  externalId: string;
  title: string;
  filename: string;
}

/** A ready tender with a downloaded attachment, 821126-2025 first; undefined when there is none. */
export async function findDemoTender(db: Db): Promise<DemoTender | undefined> {
  const row = await db
    .selectFrom("tenders")
    .innerJoin("attachments", "attachments.tender_id", "tenders.id")
    .select(["tenders.id", "tenders.external_id", "tenders.title", "attachments.filename"])
    .where("attachments.download_status", "=", "ready")
    .where("tenders.index_status", "=", "ready")
    .orderBy((eb) => eb("tenders.external_id", "=", DEMO_TENDER_EXTERNAL_ID), "desc")
    .orderBy("tenders.external_id")
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.id, externalId: row.external_id, title: row.title, filename: row.filename };
}

/** `text` quoted for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The demo's ready-to-paste curl commands (`card` is null without a tender to show). */
export interface DemoCurlCommands {
  /** Search whose best fragments come from inside the downloaded PDFs. */
  search: string;
  /** Search over the recorded notices' own fields (every source's recorded pages). */
  notices: string;
  /** The notices' Search restricted by `DEMO_FILTERS`. */
  filtered: string;
  /** `GET /api/v1/tenders` with `DEMO_BROWSE_QUERY`. */
  browse: string;
  ask: string;
  /** The same Ask streamed (`curl -N`, `Accept: text/event-stream`): the answer arrives word by word. */
  askStream: string;
  card: string | null;
  /** `GET /api/v1/procedures/{id}` of the demo procedure; null when its id is not known. */
  procedure: string | null;
}

/** Ready-to-paste curl commands for Search (PDFs, the recorded notices, filtered), browsing, Ask, the tender card and the procedure. */
export function demoCurlCommands(
  gatewayUrl: string,
  apiKey: string,
  tenderId: string | undefined,
  procedureId?: string,
): DemoCurlCommands {
  const get = (path: string) => `curl -s ${gatewayUrl}${path} -H ${shellQuote(`X-API-Key: ${apiKey}`)}`;
  const post = (path: string, body: unknown, curl = "curl -s", headers = "") =>
    [
      `${curl} ${gatewayUrl}${path} \\`,
      `  -H ${shellQuote(`X-API-Key: ${apiKey}`)} -H 'Content-Type: application/json'${headers} \\`,
      `  -d ${shellQuote(JSON.stringify(body))}`,
    ].join("\n");
  return {
    search: post("/api/v1/search", { query: DEMO_SEARCH_QUERY, limit: 3 }),
    notices: post("/api/v1/search", { query: DEMO_NOTICES_QUERY, limit: 4 }),
    filtered: post("/api/v1/search", { query: DEMO_NOTICES_QUERY, limit: 4, filters: DEMO_FILTERS }),
    browse: `curl -s ${shellQuote(`${gatewayUrl}/api/v1/tenders?${DEMO_BROWSE_QUERY}`)} -H ${shellQuote(`X-API-Key: ${apiKey}`)}`,
    ask: post("/api/v1/ask", { query: DEMO_ASK_QUESTION, limit: 3 }),
    askStream: post(
      "/api/v1/ask",
      { query: DEMO_ASK_QUESTION, limit: 3 },
      "curl -N -s",
      " -H 'Accept: text/event-stream'",
    ),
    card: tenderId === undefined ? null : get(`/api/v1/tenders/${tenderId}`),
    procedure: procedureId === undefined ? null : get(`/api/v1/procedures/${procedureId}`),
  };
}
