import { isAiDependencyError } from "@tender/ai";
import { redactConnectionString } from "@tender/config";

const MAX_LENGTH = 300;

/** A short, safe `last_error` for a failed indexing run: one line, no secrets, no payload. */
export function describeIndexError(error: unknown): string {
  if (isAiDependencyError(error)) return cut(`AI provider unavailable: ${error.message}`);
  if (error instanceof Error) {
    const line = error.message.split("\n", 1)[0] ?? "";
    const prefix = error.name && error.name !== "Error" ? `${error.name}: ` : "";
    return cut(redactConnectionString(`${prefix}${line}`) || "indexing failed");
  }
  return "indexing failed";
}

function cut(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
