import { randomUUID } from "node:crypto";

/** The header that carries the request id in both directions. */
export const REQUEST_ID_HEADER = "X-Request-ID";

/** A client-supplied request id is echoed only when it matches this. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's request id when it is safe to echo (see `REQUEST_ID_PATTERN`), else a new UUID v4. */
export function acceptOrCreateRequestId(headerValue: string | null | undefined): string {
  return typeof headerValue === "string" && REQUEST_ID_PATTERN.test(headerValue) ? headerValue : randomUUID();
}
