import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** The nearest directory at or above `start` that holds `pnpm-workspace.yaml`. */
export function findWorkspaceRoot(start: string): string {
  let directory = start;
  while (!existsSync(join(directory, "pnpm-workspace.yaml"))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`No pnpm-workspace.yaml found at or above ${start}`);
    directory = parent;
  }
  return directory;
}
