import { ERROR_HTTP_STATUS, type ErrorResponse } from "@tender/contracts";
import type { ApiError } from "./api-error.js";

/**
 * The envelope response of an error (spec 7): status from the code, the error's headers,
 * `X-Request-ID` added by the request id middleware.
 */
export function errorResponse(error: ApiError, requestId: string): Response {
  const body: ErrorResponse = {
    error: { code: error.code, message: error.message, request_id: requestId, details: error.details },
  };
  return Response.json(body, { status: ERROR_HTTP_STATUS[error.code], headers: error.headers });
}
