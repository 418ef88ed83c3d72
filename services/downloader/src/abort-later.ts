/** A signal that aborts `delayMs` after `parent` does (with the parent's reason); dispose when done. */
export function abortLater(parent: AbortSignal, delayMs: number): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    timer = setTimeout(() => controller.abort(parent.reason), delayMs);
  };
  if (parent.aborted) onAbort();
  else parent.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      parent.removeEventListener("abort", onAbort);
      clearTimeout(timer);
    },
  };
}
