import { DEMO_PROCEDURE, type DemoProcedureStep } from "../replay/demo-procedure.js";
import type { ReceivedAlert } from "./start-alert-receiver.js";

/** One alert of the demo procedure's story, as it arrived. */
export interface StoryAlert {
  externalId: string;
  reason: string;
  /** `procedure_id` of the alert (null on a match). */
  procedureId: string | null;
}

/** The demo procedure's story, told by the alerts of one saved search. */
export interface DemoProcedureStory {
  /** Hand it every alert the receiver gets; it picks the ones of the story. */
  onAlert(alert: ReceivedAlert): void;
  /** The story's alerts so far, in order. */
  readonly seen: readonly StoryAlert[];
  /**
   * Resolves with every alert of the story once the last follow-up arrived; rejects after
   * `timeoutMs` naming the alert still awaited, or when `signal` aborts.
   */
  finished(timeoutMs: number, signal?: AbortSignal): Promise<StoryAlert[]>;
}

interface AlertFields {
  reason?: unknown;
  saved_search?: { name?: unknown };
  tender?: { external_id?: unknown };
  procedure_id?: unknown;
}

/**
 * The demo procedure (`DEMO_PROCEDURE`) as a bidder lives it: `savedSearch` is alerted on the
 * call for competition (reason `match`); then `publishNext` publishes the change notice, whose
 * follow-up (`changed`) comes; then the award (`awarded`). Each notice is published only after
 * the signed alert of the one before it, so it is indexed once the saved search follows the
 * procedure (a notice indexed before the first alert is not followed). A repeated delivery
 * (at least once) or any other alert changes nothing.
 */
export function followDemoProcedure(
  savedSearch: string,
  publishNext: (step: DemoProcedureStep) => void,
): DemoProcedureStory {
  const expected = [{ externalId: DEMO_PROCEDURE.call.externalId, reason: "match" }, ...DEMO_PROCEDURE.later];
  const seen: StoryAlert[] = [];
  const waiters = new Set<() => void>();
  const done = () => seen.length === expected.length;

  const onAlert = ({ body, signed }: ReceivedAlert) => {
    const next = expected[seen.length];
    const alert = (typeof body === "object" && body !== null ? body : {}) as AlertFields;
    if (!signed || next === undefined || alert.saved_search?.name !== savedSearch) return;
    if (alert.tender?.external_id !== next.externalId || alert.reason !== next.reason) return;
    const procedureId = typeof alert.procedure_id === "string" ? alert.procedure_id : null;
    seen.push({ externalId: next.externalId, reason: next.reason, procedureId });
    const following = DEMO_PROCEDURE.later[seen.length - 1];
    if (following === undefined) for (const wake of waiters) wake();
    else publishNext(following);
  };

  const finished = (timeoutMs: number, signal?: AbortSignal) =>
    new Promise<StoryAlert[]>((resolve, reject) => {
      if (done()) return resolve([...seen]);
      const stop = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        signal?.removeEventListener("abort", aborted);
      };
      const wake = () => {
        stop();
        resolve([...seen]);
      };
      const aborted = () => {
        stop();
        reject(signal?.reason ?? new Error("aborted"));
      };
      const timer = setTimeout(() => {
        stop();
        const next = expected[seen.length];
        const what = next?.reason === "match" ? "alert on" : `"${next?.reason}" follow-up for`;
        reject(new Error(`no ${what} ${next?.externalId} within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      waiters.add(wake);
      signal?.addEventListener("abort", aborted, { once: true });
    });

  return { onAlert, seen, finished };
}
