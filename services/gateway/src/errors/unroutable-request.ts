import { RequestError } from "@hono/node-server";
import { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "@tender/observability";
import { ApiError } from "./api-error.js";
import { errorResponse } from "./error-response.js";

/**
 * The answer when Node's request cannot even become a `Request` for the app (no or a bad Host
 * header, a backslash in the path): the envelope with a new request id, like every other
 * response. RequestError messages are fixed texts of the adapter, safe to show.
 */
export function unroutableRequestResponse(error: unknown): Response {
  const requestId = acceptOrCreateRequestId(undefined);
  const apiError =
    error instanceof RequestError
      ? new ApiError("validation_error", `The request is malformed: ${error.message}.`)
      : new ApiError("internal_error");
  const response = errorResponse(apiError, requestId);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}
