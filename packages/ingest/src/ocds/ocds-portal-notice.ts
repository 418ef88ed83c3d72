import { list, object, text } from "./ocds-json.js";

/**
 * The two UK portals that publish one notice twice (docs/records.md#procedures): Find a Tender
 * (above threshold) and Contracts Finder (below threshold, and copies of above-threshold notices).
 * Each is recognised by its registered ocid prefix and its notice pages; nothing else counts.
 *
 * Where a release names the other portal's notice: only `relatedProcesses[]` (`scheme` "ocid"
 * with `identifier`, or `uri`; OCDS 1.1 release schema, RelatedProcess), the one place OCDS gives
 * for a link between processes. Descriptions, titles, documents, `links` and `tender.id` are the
 * publisher's prose: anyone can write another procedure's notice URL there, by mistake ("see our
 * previous framework") or to take that procedure over (issue 32), so they never join anything.
 * Bare notice numbers are never read: buyers' own references look the same.
 */

export type UkPortal = "find-a-tender" | "contracts-finder";

interface PortalShape {
  portal: UkPortal;
  ocid: RegExp;
  /** Notice page host (with or without `www.`). */
  host: string;
  /** A notice id as its notice page path names it. */
  noticeId: RegExp;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PORTALS: readonly PortalShape[] = [
  {
    portal: "find-a-tender",
    ocid: /^ocds-h6vhtk-[0-9a-f]{6,12}$/i,
    host: "find-tender.service.gov.uk",
    noticeId: /^\d{6}-\d{4}$/,
  },
  {
    portal: "contracts-finder",
    ocid: new RegExp(`^ocds-b5fd17-${UUID}$`, "i"),
    host: "contractsfinder.service.gov.uk",
    noticeId: new RegExp(`^${UUID}$`, "i"),
  },
];

/** A notice of a UK portal: its ocid, or one notice of it by its notice id. */
export interface PortalNotice {
  portal: UkPortal;
  kind: "ocid" | "notice";
  /** Lower-cased (ocids and ids are case-insensitive hex). */
  id: string;
}

/** `portal:kind:id`, the key a notice is registered and named by. */
export function portalNoticeKey(notice: PortalNotice): string {
  return `${notice.portal}:${notice.kind}:${notice.id}`;
}

/** The portal whose ocid this is, or null (another publisher, or not an ocid). */
export function ocidPortal(ocid: unknown): UkPortal | null {
  if (typeof ocid !== "string") return null;
  return PORTALS.find((p) => p.ocid.test(ocid.trim()))?.portal ?? null;
}

/**
 * Parses an ocid or a notice page URL of a UK portal (`https://www.find-tender.service.gov.uk/Notice/083650-2026`,
 * `https://www.contractsfinder.service.gov.uk/Notice/<uuid>`, query and fragment ignored); null
 * for anything else, attachments (`/Notice/Attachment/…`) included.
 */
export function parsePortalReference(value: unknown): PortalNotice | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  const text = value.trim();
  const byOcid = PORTALS.find((p) => p.ocid.test(text));
  if (byOcid) return { portal: byOcid.portal, kind: "ocid", id: text.toLowerCase() };
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  const host = url.hostname.replace(/^www\./, "");
  const shape = PORTALS.find((p) => p.host === host);
  if (!shape || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  const [first, id, ...rest] = url.pathname.split("/").filter((s) => s !== "");
  if (first?.toLowerCase() !== "notice" || id === undefined || rest.length > 0) return null;
  return shape.noticeId.test(id) ? { portal: shape.portal, kind: "notice", id: id.toLowerCase() } : null;
}

/**
 * The keys a release of a UK portal owns, those the other portal can name it by: its ocid and its
 * notice id (Find a Tender: the release id, `NNNNNN-YYYY`; Contracts Finder: the notice uuid its
 * release id starts with). Nothing it mentions (a notice page among its documents) is its key: a
 * mention must never take another notice's key (docs/records.md#procedures). Empty for other
 * publishers.
 */
export function ocdsOwnNoticeKeys(release: unknown): string[] {
  const r = object(release);
  const portal = ocidPortal(r.ocid);
  if (portal === null) return [];
  const shape = PORTALS.find((p) => p.portal === portal) as PortalShape;
  const own: PortalNotice[] = [{ portal, kind: "ocid", id: String(r.ocid).trim().toLowerCase() }];
  const releaseId = typeof r.id === "string" ? r.id.trim() : "";
  const noticeId = portal === "contracts-finder" ? releaseId.slice(0, 36) : releaseId;
  if (shape.noticeId.test(noticeId)) own.push({ portal, kind: "notice", id: noticeId.toLowerCase() });
  return [...new Set(own.map(portalNoticeKey))];
}

/**
 * The other UK portal's notice a release names, only from an ocid or notice URL in
 * `relatedProcesses` (see the module comment); the first found. Null when the release is not
 * from a UK portal, names only its own portal, or names nothing. Pure and total.
 */
export function ocdsOtherPortalNotice(release: unknown): PortalNotice | null {
  const r = object(release);
  const own = ocidPortal(r.ocid);
  if (own === null) return null;
  const candidates = list(r.relatedProcesses, 10_000)
    .map(object)
    .flatMap((p) => [text(p.scheme)?.toLowerCase() === "ocid" ? text(p.identifier) : null, text(p.uri)]);
  for (const candidate of candidates) {
    const found = parsePortalReference(candidate);
    if (found !== null && found.portal !== own) return found;
  }
  return null;
}
