import type { EnvSource } from "@tender/config";
import { runCli } from "./build-program.js";
import type { CliDeps } from "./cli-deps.js";

export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tender args` in-process with `env` and returns the exit code and everything printed. */
export async function runCaptured(
  args: readonly string[],
  env: EnvSource,
  openDb?: CliDeps["openDb"],
): Promise<CapturedRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
    ...(openDb ? { openDb } : {}),
  });
  return { code, stdout, stderr };
}

/** Runs `tender args` like `runCaptured`, proving it fails (or succeeds) without opening the database. */
export function runWithoutDatabase(args: readonly string[], env: EnvSource): Promise<CapturedRun> {
  return runCaptured(args, env, () => {
    throw new Error("the database must not be opened");
  });
}
