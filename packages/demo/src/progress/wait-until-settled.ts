import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "@tender/db";
import { describeProgress, type IndexProgress, isSettled, readIndexProgress } from "./read-index-progress.js";

export interface WaitUntilSettledOptions {
  /** Source codes whose first pass must have finished, e.g. `["ted", "contracts_finder"]`. */
  sources: readonly string[];
  /** When each source first answered with data; a pass before that does not count (`isSettled`). */
  servedSince?: (code: string) => Date | undefined;
  /** Called with a progress line whenever the counts change. */
  onProgress: (line: string, progress: IndexProgress) => void;
  signal?: AbortSignal;
  intervalMs?: number;
}

/** Polls the database until the demo data is settled (`isSettled`); returns the final counts. */
export async function waitUntilSettled(db: Db, options: WaitUntilSettledOptions): Promise<IndexProgress> {
  let last = "";
  for (;;) {
    options.signal?.throwIfAborted();
    const progress = await readIndexProgress(db);
    const line = describeProgress(progress);
    if (line !== last) {
      options.onProgress(line, progress);
      last = line;
    }
    if (isSettled(progress, options.sources, options.servedSince)) return progress;
    await sleep(options.intervalMs ?? 1_000, undefined, options.signal ? { signal: options.signal } : {});
  }
}
