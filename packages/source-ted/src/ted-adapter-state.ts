import * as v from "valibot";

/**
 * What the TED adapter keeps in `sources.adapter_state` while a pass is in progress: the start of
 * its publication-date window (midnight UTC, ISO 8601), so every page of the pass, and a restart
 * after TED refused its token, sends the same bound. Migration 0008 wrote the windows stored
 * before it in this shape.
 */
export const TedAdapterState = v.object({
  windowStart: v.pipe(v.string(), v.maxLength(64), v.isoTimestamp()),
});
export type TedAdapterState = v.InferOutput<typeof TedAdapterState>;

/** The state stored with a page of a pass over the window starting at `windowStart`. */
export function tedAdapterState(windowStart: Date): TedAdapterState {
  return { windowStart: windowStart.toISOString() };
}

/**
 * The window start a stored state names: `null` when no pass is in progress (no state), `"invalid"`
 * when the stored value is not a state this adapter wrote (the pass then starts a fresh window).
 */
export function readTedAdapterState(state: unknown): Date | null | "invalid" {
  if (state === null || state === undefined) return null;
  const parsed = v.safeParse(TedAdapterState, state);
  if (!parsed.success) return "invalid";
  const windowStart = new Date(parsed.output.windowStart);
  return Number.isNaN(windowStart.getTime()) ? "invalid" : windowStart;
}
