import type * as v from "valibot";
import { redactConnectionString } from "./redact-connection-string.js";
import { isSecretVariable } from "./secret-values.js";

const MAX_SHOWN = 80;

/**
 * One line per bad variable, e.g. `MIN_RELEVANCE_SCORE: expected a number between -1 and 1, got "abc"`.
 * The value shown is the raw one from `env`; secrets are never shown, URL passwords are masked.
 */
export function describeEnvIssues(
  issues: readonly v.BaseIssue<unknown>[],
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const lines = new Map<string, string>();
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== "string") {
      lines.set("", `environment: ${issue.message}`);
      continue;
    }
    // The first issue of a variable is the one that describes its whole rule.
    if (!lines.has(key)) lines.set(key, `${key}: ${issue.message}${describeValue(key, env[key])}`);
  }
  return [...lines.values()];
}

function describeValue(name: string, raw: string | undefined): string {
  if (raw === undefined || raw.trim() === "") return ", but it is not set";
  if (isSecretVariable(name)) return " (value hidden)";
  const shown = redactConnectionString(raw);
  return `, got ${JSON.stringify(shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN)}…` : shown)}`;
}
