/** Thrown by `loadConfig`: `problems` holds one line per bad variable, and the message lists them all. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";

  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
}
