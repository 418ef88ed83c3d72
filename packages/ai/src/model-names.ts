import type { AiHealth } from "./ai-provider.js";

// Ollama (also through its OpenAI-compatible /v1) lists an untagged model as "name:latest".
// The tag follows the last path segment: "host:5000/bge-m3" is still untagged.
function withTag(name: string): string {
  return (name.split("/").at(-1) ?? "").includes(":") ? name : `${name}:latest`;
}

/** True when two model names denote the same model: "bge-m3" and "bge-m3:latest" do. */
export function sameModelName(a: string, b: string): boolean {
  return a === b || withTag(a) === withTag(b);
}

/** Health verdict: every configured model must be among the listed ones. */
export function checkListedModels(configured: readonly string[], listed: readonly string[]): AiHealth {
  const missing = [...new Set(configured)].filter((m) => !listed.some((l) => sameModelName(m, l)));
  return missing.length === 0
    ? { ok: true }
    : { ok: false, reason: `AI server does not list model ${missing.join(", ")}` };
}
