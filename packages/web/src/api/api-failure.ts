/** Codes the app gives failures that never reached the API's error envelope. */
export type LocalFailureCode = "network" | "bad_response";

/** A request that failed: the API's error envelope, or what the app saw instead of one. */
export class ApiFailure extends Error {
  override readonly name = "ApiFailure";
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null = null,
    /** Seconds from `Retry-After` (429), else null. */
    readonly retryAfterSeconds: number | null = null,
    readonly details: unknown = null,
  ) {
    super(message);
  }

  /** 401 and 403: the key is missing, wrong or disabled. */
  get isAuth(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

interface Envelope {
  error?: { code?: unknown; message?: unknown; request_id?: unknown; details?: unknown };
}

/** Reads the error envelope of a failed response (docs/api.md#errors); a body that is not one still gives a failure. */
export async function toApiFailure(response: Response): Promise<ApiFailure> {
  const retry = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  const retryAfter = Number.isFinite(retry) && retry >= 0 ? retry : null;
  let body: Envelope = {};
  try {
    body = (await response.json()) as Envelope;
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    // Not JSON (a proxy's page): the status alone tells what happened.
  }
  return envelopeFailure(response.status, body, response.headers.get("x-request-id"), retryAfter);
}

/** The failure an error envelope describes (from a response, or from a stream's `error` event). */
export function envelopeFailure(
  status: number,
  body: Envelope,
  requestId: string | null = null,
  retryAfter: number | null = null,
): ApiFailure {
  const error = body.error ?? {};
  const code = typeof error.code === "string" ? error.code : "bad_response";
  const message =
    typeof error.message === "string" ? error.message : `The server answered with HTTP ${status}.`;
  const id = typeof error.request_id === "string" ? error.request_id : requestId;
  return new ApiFailure(status, code, message, id, retryAfter, error.details ?? null);
}

/** The failure of a request that never got an answer (offline, server down, connection cut). */
export function networkFailure(): ApiFailure {
  return new ApiFailure(
    0,
    "network",
    "The server could not be reached. Check your connection and try again.",
  );
}
