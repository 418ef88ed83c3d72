import type { ChildProcess } from "node:child_process";
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from "./extraction-limits.js";
import type { ExtractInput, ExtractionResult, Extractor, FailureReason } from "./extraction-types.js";
import { startExtractChild } from "./start-extract-child.js";
import type { WorkerRequest, WorkerResponse } from "./worker-protocol.js";

export interface ExtractorPoolOptions {
  /** Child processes at most (files read at once). */
  size: number;
  /** A file still being read after this long is given up and its process killed. */
  timeoutMs: number;
  /** Heap cap of each child process (`--max-old-space-size`). */
  maxMemoryMb: number;
  limits?: ExtractionLimits;
  /** Files a child reads before it is replaced, bounding leaks in parsers; default 100. */
  recycleAfter?: number;
}

interface Slot {
  child: ChildProcess;
  jobs: number;
  dead: boolean;
  /** The end of the child's stderr, to recognise an out-of-memory death. */
  stderrTail: string;
}

const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

const failed = (reason: FailureReason, detail: string): ExtractionResult => ({
  segments: [],
  failures: [{ entry: "", reason, detail }],
});

/**
 * Extraction off the main thread, in a pool of child processes with a capped heap. (Worker
 * threads with `resourceLimits` are not enough: a large allocation near the limit aborts the
 * whole process, nodejs/node#47224.) A file that takes too long, runs out of memory or crashes
 * its process becomes a recorded failure (`timeout`, `out_of_memory`, `crashed`) and the
 * process is replaced. `extract` never rejects while the pool is open.
 */
export function createExtractorPool(options: ExtractorPoolOptions): Extractor {
  const limits = options.limits ?? DEFAULT_EXTRACTION_LIMITS;
  const recycleAfter = options.recycleAfter ?? 100;
  const idle: Slot[] = [];
  const waiting: ((slot: Slot) => void)[] = [];
  const all = new Set<Slot>();
  let nextId = 0;
  let closed = false;

  const spawn = (): Slot => {
    const child = startExtractChild(options.maxMemoryMb);
    const slot: Slot = { child, jobs: 0, dead: false, stderrTail: "" };
    child.stderr?.setEncoding("utf8").on("data", (text: string) => {
      slot.stderrTail = (slot.stderrTail + text).slice(-4096);
    });
    // Always listened to: an 'error' event without a listener would crash the indexer.
    child.on("error", () => {
      slot.dead = true;
    });
    child.on("exit", () => {
      slot.dead = true;
      all.delete(slot);
    });
    // An idle child must not keep the indexer alive; a job's timer does while it runs.
    child.unref();
    child.channel?.unref();
    all.add(slot);
    return slot;
  };

  const acquire = async (): Promise<Slot> => {
    while (idle.length > 0) {
      const slot = idle.pop() as Slot;
      if (!slot.dead) return slot;
    }
    if (all.size < options.size) return spawn();
    return new Promise((resolve) => waiting.push(resolve));
  };

  const release = (slot: Slot, healthy: boolean) => {
    if (!healthy || slot.dead || slot.jobs >= recycleAfter || closed) {
      slot.dead = true;
      all.delete(slot);
      slot.child.kill("SIGKILL");
      const next = waiting.shift();
      if (next) next(spawn());
      return;
    }
    const next = waiting.shift();
    if (next) next(slot);
    else idle.push(slot);
  };

  const run = (slot: Slot, input: ExtractInput): Promise<ExtractionResult> =>
    new Promise((resolve) => {
      const id = ++nextId;
      slot.jobs += 1;
      let done = false;
      const finish = (result: ExtractionResult, healthy: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        slot.child.off("message", onMessage).off("exit", onExit);
        release(slot, healthy);
        resolve(result);
      };
      const onMessage = (message: WorkerResponse) => {
        if (message.id === id) finish(message.result, true);
      };
      const onExit = (_code: number | null, signal: NodeJS.Signals | null) => {
        // stderr may still be flushing when 'exit' fires; give it a moment.
        setTimeout(() => {
          const oom = signal === "SIGABRT" || OUT_OF_MEMORY.test(slot.stderrTail);
          finish(
            oom
              ? failed("out_of_memory", `reading the file needed more than ${options.maxMemoryMb} MB`)
              : failed("crashed", "the extraction process stopped on this file"),
            false,
          );
        }, 50);
      };
      const timer = setTimeout(
        () => finish(failed("timeout", `reading the file took longer than ${options.timeoutMs} ms`), false),
        options.timeoutMs,
      );
      slot.child.on("message", onMessage).on("exit", onExit);
      const request: WorkerRequest = {
        id,
        bytes: input.bytes,
        filename: input.filename,
        contentType: input.contentType,
        limits,
      };
      slot.child.send(request, (error) => {
        if (error) finish(failed("crashed", "the extraction process could not take the file"), false);
      });
    });

  return {
    async extract(input) {
      if (closed) throw new Error("the extractor pool is closed");
      return run(await acquire(), input);
    },
    async close() {
      closed = true;
      idle.length = 0;
      const exits = [...all].map(
        (slot) =>
          new Promise<void>((resolve) => {
            if (slot.child.exitCode !== null || slot.child.signalCode !== null) return resolve();
            // Referenced again, so the process stays alive until the child is really gone.
            slot.child.ref();
            slot.child.once("exit", () => resolve());
            slot.child.kill("SIGKILL");
          }),
      );
      await Promise.all(exits);
      all.clear();
    },
  };
}
