/** When a streamed body sent its first bytes, and how it ended. */
export interface BodyObserver {
  onFirstChunk(): void;
  /** `aborted`: the client went away before the end. */
  onEnd(aborted: boolean): void;
}

/**
 * `body` passed on unchanged, reporting its first chunk and its end (complete, failed or
 * cancelled by the client; a cancel is passed on to `body`).
 */
export function observeBody(
  body: ReadableStream<Uint8Array>,
  observer: BodyObserver,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let first = true;
  let ended = false;
  const end = (aborted: boolean) => {
    if (ended) return;
    ended = true;
    observer.onEnd(aborted);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          end(false);
          return;
        }
        if (first) observer.onFirstChunk();
        first = false;
        controller.enqueue(next.value);
      } catch (error) {
        end(true);
        controller.error(error);
      }
    },
    async cancel(reason) {
      end(true);
      await reader.cancel(reason);
    },
  });
}
