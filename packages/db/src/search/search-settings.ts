/** Tables smaller than this (about 25,000 chunks) are scanned by one process: starting workers costs more than it saves, and far more on a busy machine. */
const PARALLEL_FROM = "64MB";

/**
 * The planner settings Search runs under, so that its plan does not depend on the server's
 * defaults: no JIT (compiling costs more than the scan saves), and a parallel scan from
 * PARALLEL_FROM on with at most `parallelWorkers` workers besides the connection's own process.
 * Workers pay off only when PostgreSQL runs with huge pages: each is a new process that maps
 * every shared-buffer page it reads, and with 4 KiB pages two workers made the scan of 100,000
 * chunks 2.3× slower, not faster (docs/benchmarks.md).
 *
 * `searchChunks` sets them for its own transaction; a pool opened with them as `createDb`'s
 * `sessionSettings` lets it run a search as one autocommitted statement instead.
 */
export function searchSettings(parallelWorkers: number): Readonly<Record<string, string>> {
  return Object.freeze({
    jit: "off",
    max_parallel_workers_per_gather: String(Math.max(0, Math.trunc(parallelWorkers))),
    parallel_setup_cost: "100",
    parallel_tuple_cost: "0.01",
    min_parallel_table_scan_size: PARALLEL_FROM,
  });
}
