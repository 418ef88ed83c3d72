import { readFile } from "node:fs/promises";

/** Resident memory of a process in bytes, or undefined when it cannot be read (gone, or no /proc). */
export type ReadResidentBytes = (pid: number) => Promise<number | undefined>;

/** The `VmRSS` line of a `/proc/<pid>/status` text, in bytes; undefined when absent. */
export function parseVmRss(status: string): number | undefined {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1024;
}

/**
 * Reads a process's resident memory from `/proc/<pid>/status` (Linux). Elsewhere, or once the
 * process is gone, it answers undefined and the caller's memory check does nothing.
 */
export const readProcResidentBytes: ReadResidentBytes = async (pid) => {
  try {
    return parseVmRss(await readFile(`/proc/${pid}/status`, "utf8"));
  } catch {
    return undefined;
  }
};
