import { ERROR_HTTP_STATUS, type ErrorCode } from "@tender/contracts";

const REF = { $ref: "#/components/schemas/ErrorResponse" };

/** What each error status means on this API; the codes come from the contracts' table. */
const DESCRIPTIONS: Record<string, string> = {
  "401": "No API key (`api_key_required`) or an unknown one (`api_key_invalid`).",
  "403": "The API key is disabled (`api_key_disabled`).",
  "404": "Unknown route or unknown tender (`not_found`).",
  "405": "The path exists but not with this method (`method_not_allowed`); see `Allow`.",
  "408": "The client did not send the whole request in time (`request_timeout`); the connection closes.",
  "413": "The body is larger than 64 KiB (`payload_too_large`).",
  "415": "The body is not `application/json` (`unsupported_media_type`).",
  "417": "The request's `Expect` is not `100-continue` (`expectation_failed`).",
  "422":
    "Malformed JSON, unknown fields, wrong types or values (`validation_error`); `details` lists `{path, message}`.",
  "429":
    "The key's allowance for this UTC minute is used up (`rate_limit_exceeded`); the counter did not change.",
  "500": "Unexpected failure (`internal_error`); no internals are returned. Quote the request id.",
  "503": "The database or the AI provider is unreachable or answered unusably (`dependency_unavailable`).",
};

/** The OpenAPI response object of an error status: the one envelope, with its headers. */
export function errorResponseObject(status: string, extraHeaders: Record<string, unknown> = {}) {
  const codes = (Object.keys(ERROR_HTTP_STATUS) as ErrorCode[]).filter(
    (code) => String(ERROR_HTTP_STATUS[code]) === status,
  );
  return {
    description: DESCRIPTIONS[status] ?? `Error: ${codes.join(", ")}.`,
    headers: { "X-Request-ID": { $ref: "#/components/headers/XRequestId" }, ...extraHeaders },
    content: { "application/json": { schema: REF } },
  };
}
