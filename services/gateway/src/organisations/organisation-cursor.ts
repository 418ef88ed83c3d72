import { canonicalJson, type OrganisationListQuery, sha256Hex } from "@tender/contracts";
import type { OrganisationPosition } from "@tender/db";
import { type CursorScope, decodeCursor, encodeCursor } from "../browse/tender-cursor.js";

/** A cursor of an organisation search continues only the same `q`, `role` and `country`. */
export function organisationCursorScope(query: OrganisationListQuery): CursorScope {
  const filters = { q: query.q ?? null, role: query.role ?? null, country: query.country ?? null };
  return { sort: "organisations", filters: sha256Hex(canonicalJson(filters)).slice(0, 32) };
}

/** The signed cursor after `position` (its key is `<tier>:<folded name>`). */
export function encodeOrganisationCursor(
  secret: string,
  scope: CursorScope,
  position: OrganisationPosition,
): string {
  return encodeCursor(secret, scope, { key: `${position.tier}:${position.name}`, id: position.id });
}

/** The position of a cursor this server issued for the same search; null for anything else. */
export function decodeOrganisationCursor(
  secret: string,
  scope: CursorScope,
  cursor: string,
): OrganisationPosition | null {
  const position = decodeCursor(secret, scope, cursor);
  const match = position?.key ? /^([012]):([\s\S]*)$/.exec(position.key) : null;
  if (!position || !match) return null;
  return { tier: Number(match[1]), name: match[2] as string, id: position.id };
}
