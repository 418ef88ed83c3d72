import { ApiError } from "../errors/api-error.js";

/**
 * Runs `work` with a signal that aborts after `deadlineMs`, and answers `dependency_unavailable`
 * at the deadline whether or not the work honours the signal: a model that never answers is
 * cancelled through the signal, a query held by a lock is left to the pool's statement timeout.
 */
export async function withinDeadline<T>(
  deadlineMs: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ApiError(
        "dependency_unavailable",
        `The answer was not ready within ${deadlineMs} ms; retry later.`,
      );
      controller.abort(error);
      reject(error);
    }, deadlineMs);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
