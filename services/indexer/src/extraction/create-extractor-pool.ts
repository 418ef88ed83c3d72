import type { ChildProcess } from "node:child_process";
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from "./extraction-limits.js";
import type { ExtractInput, ExtractionResult, Extractor, FailureReason } from "./extraction-types.js";
import { type ReadResidentBytes, readProcResidentBytes } from "./read-resident-bytes.js";
import { startExtractChild } from "./start-extract-child.js";
import type { WorkerRequest, WorkerResponse } from "./worker-protocol.js";

export interface ExtractorPoolOptions {
  /** Child processes at most (files read at once). */
  size: number;
  /** A file still being read after this long is given up and its process killed. */
  timeoutMs: number;
  /**
   * Memory cap of each child process (EXTRACT_MAX_MEMORY_MB): its JavaScript heap
   * (`--max-old-space-size`) and its whole resident memory, which also counts the buffers
   * outside the heap that the heap cap never sees (inflated streams of a PDF, archive entries).
   */
  maxMemoryMb: number;
  limits?: ExtractionLimits;
  /** Files a child reads before it is replaced, bounding leaks in parsers; default 100. */
  recycleAfter?: number;
  /** How often a busy child's resident memory is read; default 100 ms. */
  memoryCheckIntervalMs?: number;
  /** Reads a child's resident memory; default `/proc/<pid>/status` (no check where it is missing). */
  readResidentBytes?: ReadResidentBytes;
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
 * Extraction off the main thread, in a pool of child processes with a memory cap. (Worker
 * threads with `resourceLimits` are not enough: a large allocation near the limit aborts the
 * whole process, nodejs/node#47224, and the limits never count ArrayBuffers.) The heap cap is
 * V8's; the resident memory of a busy child is read every `memoryCheckIntervalMs` and the child
 * is killed past the cap, because a small hostile file (a PDF whose stream inflates to
 * gigabytes) grows buffers outside the heap. A file that takes too long, needs more memory or
 * crashes its process becomes a recorded failure (`timeout`, `out_of_memory`, `crashed`) and
 * the process is replaced. `extract` never rejects while the pool is open.
 */
export function createExtractorPool(options: ExtractorPoolOptions): Extractor {
  const limits = options.limits ?? DEFAULT_EXTRACTION_LIMITS;
  const recycleAfter = options.recycleAfter ?? 100;
  const readResident = options.readResidentBytes ?? readProcResidentBytes;
  const memoryLimitBytes = options.maxMemoryMb * 1024 * 1024;
  const tooMuchMemory = () =>
    failed("out_of_memory", `reading the file needed more than ${options.maxMemoryMb} MB`);
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
        clearInterval(watchdog);
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
            oom ? tooMuchMemory() : failed("crashed", "the extraction process stopped on this file"),
            false,
          );
        }, 50);
      };
      const timer = setTimeout(
        () => finish(failed("timeout", `reading the file took longer than ${options.timeoutMs} ms`), false),
        options.timeoutMs,
      );
      let reading = false;
      const watchdog = setInterval(() => {
        const pid = slot.child.pid;
        if (reading || pid === undefined) return;
        reading = true;
        void readResident(pid)
          .catch(() => undefined)
          .then((bytes) => {
            reading = false;
            if (bytes !== undefined && bytes > memoryLimitBytes) finish(tooMuchMemory(), false);
          });
      }, options.memoryCheckIntervalMs ?? 100);
      watchdog.unref();
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
