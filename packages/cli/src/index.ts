export { buildProgram, runCli } from "./build-program.js";
export type { CliDeps, CliOutput } from "./cli-deps.js";
export { CliEnv, DEFAULT_DATABASE_URL } from "./cli-env.js";
export { CliError } from "./cli-error.js";
export { type CapturedRun, runCaptured } from "./run-captured.js";
