import type { Logger } from "@tender/observability";
import type { ErrorHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import type { ApiError } from "./api-error.js";
import { errorResponse } from "./error-response.js";
import { toApiError } from "./to-api-error.js";

/**
 * Logs a failure as its code deserves: an unexpected error in full with the request id, which
 * the client gets as the id to quote; a dependency failure as a warning; a client error not at
 * all (the access log has it).
 */
export function logApiError(logger: Logger, apiError: ApiError, error: unknown, requestId: string): void {
  switch (apiError.code) {
    case "internal_error":
      logger.error({ err: error, request_id: requestId }, "request failed unexpectedly");
      break;
    case "dependency_unavailable":
      logger.warn({ err: apiError.cause, request_id: requestId }, apiError.message);
      break;
    case "validation_error":
    case "api_key_required":
    case "api_key_invalid":
    case "api_key_disabled":
    case "not_found":
    case "method_not_allowed":
    case "payload_too_large":
    case "unsupported_media_type":
    case "rate_limit_exceeded":
    case "request_timeout":
    case "expectation_failed":
      break;
    default:
      apiError.code satisfies never;
  }
}

/** The app's one `onError`: anything thrown becomes an `ApiError`, is logged, then answered as the envelope. */
export function createErrorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const apiError = toApiError(error);
    const requestId = c.get("requestId");
    logApiError(logger, apiError, error, requestId);
    return errorResponse(apiError, requestId);
  };
}
