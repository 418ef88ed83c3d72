import { isAiDependencyError } from "@tender/ai";
import { ApiError } from "./api-error.js";
import { isDatabaseUnavailable } from "./is-database-unavailable.js";

/**
 * Maps anything thrown while serving a request to an {@link ApiError}: an `ApiError` as it
 * is, an AI provider failure or an unreachable database as `dependency_unavailable`, anything
 * else as `internal_error`. The original error travels as `cause` (for the log only).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAiDependencyError(error)) {
    return new ApiError("dependency_unavailable", "The AI provider is unavailable; retry later.", {
      cause: error,
    });
  }
  if (isDatabaseUnavailable(error)) {
    return new ApiError("dependency_unavailable", "The database is unavailable; retry later.", {
      cause: error,
    });
  }
  return new ApiError("internal_error", undefined, { cause: error });
}
