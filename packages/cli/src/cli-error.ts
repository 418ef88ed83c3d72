/** A failure the user can act on: printed as `error: <message>` without a stack, exit code 1. */
export class CliError extends Error {
  override readonly name = "CliError";
}
