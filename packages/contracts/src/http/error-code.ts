import * as v from "valibot";

/** Every error code the API answers with (docs/api.md#errors); a closed list. */
export const ERROR_CODES = [
  "validation_error",
  "api_key_required",
  "api_key_invalid",
  "api_key_disabled",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limit_exceeded",
  "internal_error",
  "dependency_unavailable",
  "request_timeout",
  "expectation_failed",
] as const;

export const ErrorCode = v.picklist(ERROR_CODES, "Must be a known error code");
export type ErrorCode = v.InferOutput<typeof ErrorCode>;

/** HTTP status of each error code (docs/api.md#errors). */
export const ERROR_HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  validation_error: 422,
  api_key_required: 401,
  api_key_invalid: 401,
  api_key_disabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limit_exceeded: 429,
  internal_error: 500,
  dependency_unavailable: 503,
  request_timeout: 408,
  expectation_failed: 417,
};
