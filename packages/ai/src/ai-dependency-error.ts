export type AiDependencyErrorKind =
  | "http"
  | "timeout"
  | "invalid_json"
  | "invalid_response"
  | "too_large"
  | "unreachable";

/**
 * The model server failed or answered with something unusable. The message names the request
 * and the problem only: never a response body, a URL with credentials or an API key, so it is
 * safe to log. The gateway maps it to 503 `dependency_unavailable`.
 */
export class AiDependencyError extends Error {
  override readonly name = "AiDependencyError";
  readonly kind: AiDependencyErrorKind;
  /** HTTP status when `kind` is "http". */
  readonly status: number | undefined;

  constructor(kind: AiDependencyErrorKind, message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

/** True for an {@link AiDependencyError}, also across duplicated module instances. */
export function isAiDependencyError(error: unknown): error is AiDependencyError {
  return error instanceof AiDependencyError || (error instanceof Error && error.name === "AiDependencyError");
}
