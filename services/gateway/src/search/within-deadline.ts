import { ApiError } from "../errors/api-error.js";

/** A request's deadline, as the work done under it sees it. */
export interface Deadline {
  /** Aborts at the deadline: cancels a model request, and no further SQL statement starts. */
  signal: AbortSignal;
  /** Milliseconds left before the deadline; 0 once it has passed. */
  timeLeftMs(): number;
}

/** PostgreSQL's SQLSTATE for a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = "57014";

/**
 * Runs `work` under a deadline `deadlineMs` from now, and answers `dependency_unavailable` at the
 * deadline whether or not the work honours it: a model that never answers is cancelled through
 * the signal; the database work starts no statement after it, and stops the one running (a
 * cancel, or `statement_timeout` set from `timeLeftMs`). A statement the server cancelled for
 * its timeout answers the same as the deadline.
 */
export async function withinDeadline<T>(
  deadlineMs: number,
  work: (deadline: Deadline) => Promise<T>,
): Promise<T> {
  const endsAt = performance.now() + deadlineMs;
  const missed = () =>
    new ApiError("dependency_unavailable", `The answer was not ready within ${deadlineMs} ms; retry later.`);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = missed();
      controller.abort(error);
      reject(error);
    }, deadlineMs);
  });
  const deadline: Deadline = {
    signal: controller.signal,
    timeLeftMs: () => Math.max(0, endsAt - performance.now()),
  };
  const done = work(deadline).catch((error: unknown) => {
    throw (error as { code?: unknown } | null)?.code === QUERY_CANCELED ? missed() : error;
  });
  try {
    return await Promise.race([done, expired]);
  } finally {
    clearTimeout(timer);
  }
}
