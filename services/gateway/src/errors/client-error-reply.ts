import { STATUS_CODES } from "node:http";
import { ERROR_HTTP_STATUS, type ErrorResponse } from "@tender/contracts";
import { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "@tender/observability";
import { ApiError } from "./api-error.js";

/**
 * The raw HTTP answer to bytes Node could not parse as a request (`clientError`): the error
 * envelope with a new `X-Request-ID`, then the connection closes. Oversized headers are
 * `payload_too_large`; anything else is `validation_error`.
 */
export function clientErrorReply(error: { code?: string }): string {
  const apiError =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new ApiError("payload_too_large", "The request headers are too large.")
      : new ApiError("validation_error", "The request is not valid HTTP.");
  const requestId = acceptOrCreateRequestId(undefined);
  const envelope: ErrorResponse = {
    error: { code: apiError.code, message: apiError.message, request_id: requestId, details: null },
  };
  const body = JSON.stringify(envelope);
  const status = ERROR_HTTP_STATUS[apiError.code];
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "Content-Type: application/json",
    `${REQUEST_ID_HEADER}: ${requestId}`,
    "Connection: close",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    body,
  ].join("\r\n");
}
