import { fileURLToPath } from "node:url";

/** The repository root (test/src/deploy → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** An absolute path inside the repository. */
export function repoPath(relative: string): string {
  return fileURLToPath(new URL(relative, new URL("../../../", import.meta.url)));
}
