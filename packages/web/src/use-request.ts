import { useEffect, useState } from "preact/hooks";
import { ApiFailure } from "./api/api-failure.js";

/** A request's state as a page renders it. */
export type RequestState<T> =
  | { status: "loading" }
  | { status: "done"; data: T }
  | { status: "failed"; failure: ApiFailure };

/**
 * Runs `run` whenever `deps` change (cancelling the previous run) and on `reload`; a run that
 * is cancelled never updates the state.
 */
export function useRequest<T>(
  run: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
): [RequestState<T>, () => void] {
  const [state, setState] = useState<RequestState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "done", data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure =
          error instanceof ApiFailure ? error : new ApiFailure(0, "bad_response", (error as Error).message);
        setState({ status: "failed", failure });
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
