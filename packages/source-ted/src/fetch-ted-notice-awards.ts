import { EFORMS_LIMITS, parseEformsNotice } from "@tender/eforms";
import { buyerOnly, type NoticeAwards, type PoliteHttpClient } from "@tender/ingest";
import { eformsNoticeAwards } from "./eforms-notice-awards.js";
import { tedNoticeBuyer } from "./ted-notice-buyer.js";
import { tedNoticeFormKind, tedNoticeProcedure } from "./ted-notice-procedure.js";

/**
 * Largest notice XML fetched, the most `parseEformsNotice` reads (10 MB): real result notices are
 * tens of kilobytes, one of 10,000 lots about 5 MB; a bigger one is refused while streaming.
 */
export const TED_XML_MAX_BYTES = EFORMS_LIMITS.maxBytes;
/** Where TED serves notices' XML (`links.xml.MUL`), besides the API's own host. */
export const TED_XML_HOSTS: readonly string[] = ["ted.europa.eu"];

export interface TedAwardsFetch {
  /** The source's polite client: its pacing, retries, timeouts and allowlist apply. */
  http: PoliteHttpClient;
  /** `TED_BASE_URL`: its host serves XML too (a mirror, the tests' replay server). */
  baseUrl: string;
  /** Default `TED_XML_MAX_BYTES`. */
  maxBytes?: number;
  signal: AbortSignal;
}

/**
 * The awards and buyer of a TED search result (docs/records.md#awards-and-organisations). A result
 * or modification notice's awards (or a change notice's of either form) come from its eForms XML (`links.xml.MUL`): TED's search fields
 * for winners and values are parallel lists that cannot be matched to lots. The XML is fetched
 * through the source's polite client (TED hosts only, capped at `maxBytes`) and read by
 * `parseEformsNotice` (no DOCTYPE or entities, bounded depth and element count). A notice whose
 * XML cannot be fetched or read gets no awards and the reason in `unreadable`; only a shutdown
 * (the signal) fails. Other kinds have no awards to read: only their buyer.
 */
export async function fetchTedNoticeAwards(notice: unknown, options: TedAwardsFetch): Promise<NoticeAwards> {
  const buyer = tedNoticeBuyer(notice);
  if (tedNoticeProcedure(notice) === null) return buyerOnly(buyer);
  // A change of a result notice (its corrigendum) is a result form too: it carries the results.
  const form = tedNoticeFormKind(notice);
  if (form !== "result" && form !== "modification") return buyerOnly(buyer);
  const unreadable = (reason: string): NoticeAwards => ({ buyer, awards: [], unreadable: reason });
  const url = xmlLink(notice);
  if (url === null) return unreadable("no eForms XML link (links.xml.MUL) in the search result");
  if (!onTedHost(url, options.baseUrl)) return unreadable("the eForms XML link is not on a TED host");
  const maxBytes = options.maxBytes ?? TED_XML_MAX_BYTES;
  let xml: string;
  try {
    xml = await options.http.requestText({
      url,
      accept: "application/xml",
      maxBytes,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    return unreadable(`the eForms XML could not be fetched: ${(error as Error).message}`);
  }
  const parsed = parseEformsNotice(xml, { maxBytes });
  if (!parsed.ok) return unreadable(`the eForms XML was refused (${parsed.code}): ${parsed.message}`);
  return eformsNoticeAwards(parsed.notice, buyer);
}

function xmlLink(notice: unknown): string | null {
  const links = (notice as { links?: { xml?: Record<string, unknown> } } | null)?.links;
  const xml = typeof links?.xml === "object" && links.xml !== null ? links.xml : {};
  const url = xml.MUL ?? Object.values(xml)[0];
  return typeof url === "string" && URL.canParse(url) ? url : null;
}

function onTedHost(url: string, baseUrl: string): boolean {
  const { host, hostname, protocol } = new URL(url);
  if (protocol !== "https:" && protocol !== "http:") return false;
  if (host === new URL(baseUrl).host) return true;
  return TED_XML_HOSTS.some((ted) => hostname === ted || hostname.endsWith(`.${ted}`));
}
