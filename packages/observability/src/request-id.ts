import { randomUUID } from "node:crypto";
import { REQUEST_ID_PATTERN } from "@tender/contracts";

/** The header that carries the request id in both directions. */
export const REQUEST_ID_HEADER = "X-Request-ID";

/** The client's request id when it is safe to echo (see `REQUEST_ID_PATTERN`), else a new UUID v4. */
export function acceptOrCreateRequestId(headerValue: string | null | undefined): string {
  return typeof headerValue === "string" && REQUEST_ID_PATTERN.test(headerValue) ? headerValue : randomUUID();
}
