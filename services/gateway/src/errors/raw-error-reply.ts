import { STATUS_CODES } from "node:http";
import { ERROR_HTTP_STATUS } from "@tender/contracts";
import { REQUEST_ID_HEADER } from "@tender/observability";
import type { ApiError } from "./api-error.js";
import { errorEnvelope } from "./error-response.js";

/**
 * The error envelope as a whole raw HTTP/1.1 response, for answers written straight to a socket
 * that no app request owns (unparsable bytes, timeouts, `CONNECT`): status from the code, the
 * error's headers, `X-Request-ID`, and `Connection: close`, since the connection ends after it.
 */
export function rawErrorReply(error: ApiError, requestId: string): string {
  const body = JSON.stringify(errorEnvelope(error, requestId));
  const status = ERROR_HTTP_STATUS[error.code];
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "Content-Type: application/json",
    `${REQUEST_ID_HEADER}: ${requestId}`,
    ...Object.entries(error.headers).map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    body,
  ].join("\r\n");
}
