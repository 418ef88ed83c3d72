import { ERROR_HTTP_STATUS, type ErrorResponse } from "@tender/contracts";
import type { ApiError } from "./api-error.js";
import { boundedDetails } from "./bounded-details.js";

/** The one envelope (docs/api.md#errors) of an error answered under `requestId`, its details bounded. */
export function errorEnvelope(error: ApiError, requestId: string): ErrorResponse {
  return {
    error: {
      code: error.code,
      message: error.message,
      request_id: requestId,
      details: boundedDetails(error.details),
    },
  };
}

/**
 * The envelope response of an error (docs/api.md#errors): status from the code, the error's headers,
 * `X-Request-ID` added by the request id middleware.
 */
export function errorResponse(error: ApiError, requestId: string): Response {
  return Response.json(errorEnvelope(error, requestId), {
    status: ERROR_HTTP_STATUS[error.code],
    headers: error.headers,
  });
}
