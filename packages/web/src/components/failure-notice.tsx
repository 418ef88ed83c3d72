import { useEffect, useState } from "preact/hooks";
import type { ApiFailure } from "../api/api-failure.js";

interface Props {
  failure: ApiFailure;
  /** What the retry button does; none when there is nothing to retry. */
  onRetry?: () => void;
}

/** Seconds left until `until` (ms), counted down once a second. */
function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

function RateLimited({ failure, onRetry }: Props) {
  const [until] = useState(() => Date.now() + (failure.retryAfterSeconds ?? 60) * 1000);
  const seconds = useCountdown(until);
  return (
    <div class="notice notice-warning" role="alert" data-testid="rate-limited">
      <p>
        <strong>Too many requests for this API key.</strong>{" "}
        {seconds > 0 ? (
          <span>
            You can try again in <span data-testid="retry-seconds">{seconds}</span> s.
          </span>
        ) : (
          <span>You can try again now.</span>
        )}
      </p>
      {onRetry && (
        <button type="button" onClick={onRetry} disabled={seconds > 0}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A failed request as a person reads it: what happened, what to do, and the id to quote. */
export function FailureNotice({ failure, onRetry }: Props) {
  if (failure.status === 429) return <RateLimited failure={failure} {...(onRetry ? { onRetry } : {})} />;
  let title = "Something went wrong.";
  if (failure.status === 503) title = "The service is unavailable right now. Please try again in a minute.";
  else if (failure.status === 0) title = "No connection.";
  else if (failure.status === 422) title = "The search could not run.";
  else if (failure.status === 404) title = "Not found.";
  else if (failure.status >= 500) title = "The server failed.";
  const details = Array.isArray(failure.details)
    ? (failure.details as { path?: string; message?: string }[])
    : [];
  return (
    <div class="notice notice-error" role="alert" data-testid="failure" data-status={failure.status}>
      <p>
        <strong>{title}</strong> {failure.message}
      </p>
      {details.length > 0 && (
        <ul>
          {details.slice(0, 5).map((d) => (
            <li key={`${d.path}:${d.message}`}>
              {d.path ? <code>{d.path}</code> : null} {d.message}
            </li>
          ))}
        </ul>
      )}
      {failure.requestId && <p class="muted small">Request id: {failure.requestId}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
