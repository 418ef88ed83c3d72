import { createHmac, timingSafeEqual } from "node:crypto";
import type { TenderSort } from "@tender/contracts";
import type { TenderPosition } from "@tender/db";

/** What a cursor binds: the query it continues (sort and a digest of the filters) and where. */
export interface CursorScope {
  /** A `TenderSort`, or another walk's name (`matches`, `organisations`, `procedure-notices`, `similar`). */
  sort: TenderSort | "matches" | "organisations" | "procedure-notices" | "similar";
  /** `filtersDigest(filters)` (or the saved search id): a cursor only continues the walk it was issued for. */
  filters: string;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString("base64url");
const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest();

/**
 * `<payload>.<mac>`, both base64url: the payload is `[sort, filters digest, key, id]` as JSON and
 * the MAC an HMAC-SHA256 of it with the database's cursor secret. Clients cannot forge or edit
 * one, so a decoded cursor is trusted as a position of the same walk.
 */
export function encodeCursor(secret: string, scope: CursorScope, position: TenderPosition): string {
  const payload = b64(JSON.stringify([scope.sort, scope.filters, position.key, position.id]));
  return `${payload}.${b64(mac(secret, payload))}`;
}

/**
 * The position of a cursor this server issued for the same sort and filters; null for anything
 * else (forged, truncated, edited, or issued for another query).
 */
export function decodeCursor(secret: string, scope: CursorScope, cursor: string): TenderPosition | null {
  const [payload, signature, ...rest] = cursor.split(".");
  if (payload === undefined || signature === undefined || rest.length > 0) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) return null;
  const [sort, filters, key, id] = decoded as unknown[];
  if (sort !== scope.sort || filters !== scope.filters || typeof id !== "string") return null;
  if (key !== null && typeof key !== "string") return null;
  return { key, id };
}
