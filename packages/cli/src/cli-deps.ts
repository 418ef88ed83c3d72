import type { EnvSource } from "@tender/config";
import type { Database } from "@tender/db";
import type { Kysely } from "kysely";

/** Anything text can be written to: `process.stdout`, or a buffer in tests. */
export interface CliOutput {
  write(text: string): unknown;
}

/** Where a long-running command (`tender sync` without `--once`) hears Ctrl-C and SIGTERM. */
export interface StopSignals {
  once(event: "SIGINT" | "SIGTERM", listener: () => void): unknown;
}

/** Everything the program touches outside itself, passed in so tests can run it in-process. */
export interface CliDeps {
  stdout: CliOutput;
  stderr: CliOutput;
  env: EnvSource;
  /** Opens the database at `url`; the program closes it. Default: `createDb` with a small pool. */
  openDb?: (url: string) => Kysely<Database>;
  /** Default: a source that never signals (in-process runs); the executable passes `process`. */
  signals?: StopSignals;
}
