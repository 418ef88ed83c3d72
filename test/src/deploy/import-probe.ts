// Run by production-image.int.test.ts with Node, inside a `pnpm deploy --prod` folder:
//   node --experimental-import-meta-resolve import-probe.ts <deploy dir> <report file> <entries>
// <entries> is JSON: [{ "path": "dist/main.js", "args": [] }, ...], the process entry points.
// Imports each entry (a service stops at its configuration check, as the test gives it an empty
// environment; the CLI runs with `args`), records every module that loaded, then loads what the
// workspace code imports only on demand (`await import("unpdf")`), which no entry reaches.
// Writes the report as JSON to a file: an entry may print to stdout.
import { readFileSync, writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** What a failed import or a failed main left behind. */
export interface ProbeError {
  readonly name: string;
  readonly code: string | undefined;
  readonly message: string;
}

/** A process entry point: a path inside the deploy folder, and its command-line arguments. */
export interface ProbeEntry {
  readonly path: string;
  readonly args?: readonly string[];
}

/** The probe's report. */
export interface ProbeReport {
  /** What each entry threw, or null when it returned; in the order given. */
  readonly entries: readonly (ProbeError | null)[];
  /** Every file: URL that loaded, main's graph and the on-demand imports. */
  readonly loaded: readonly string[];
  /** Each on-demand import found in the workspace code, and its failure if it did not load. */
  readonly onDemand: readonly { from: string; specifier: string; error: ProbeError | null }[];
}

const [dir = ".", reportFile = "probe.json", entriesJson = "[]"] = process.argv.slice(2);
const entries = JSON.parse(entriesJson) as ProbeEntry[];
const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    if (resolved.url.startsWith("file:")) loaded.add(resolved.url);
    return resolved;
  },
});

function probeError(error: unknown): ProbeError {
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  return {
    name: String(e?.name ?? "Error"),
    code: typeof e?.code === "string" ? e.code : undefined,
    message: String(e?.message ?? error),
  };
}

const entryErrors: (ProbeError | null)[] = [];
for (const entry of entries) {
  const url = pathToFileURL(join(dir, entry.path)).href;
  process.argv = [process.argv[0] ?? "node", url, ...(entry.args ?? [])];
  try {
    await import(url);
    entryErrors.push(null);
  } catch (error) {
    entryErrors.push(probeError(error));
  }
}
process.exitCode = 0;

// The service's own dist and the workspace packages' dist; third-party code is not scanned.
const ownCode = (url: string) =>
  url.endsWith(".js") &&
  (url.startsWith(pathToFileURL(join(dir, "dist")).href) ||
    /\/node_modules\/@tender\/[^/]+\/dist\//.test(url));
const onDemand: { from: string; specifier: string; error: ProbeError | null }[] = [];
for (const from of [...loaded].filter(ownCode)) {
  const source = readFileSync(new URL(from), "utf8");
  for (const [, specifier = ""] of source.matchAll(/\bimport\(\s*["']([^"'`]+)["']\s*\)/g)) {
    let error: ProbeError | null = null;
    try {
      await import(import.meta.resolve(specifier, from));
    } catch (e) {
      error = probeError(e);
    }
    onDemand.push({ from, specifier, error });
  }
}

const report: ProbeReport = { entries: entryErrors, loaded: [...loaded], onDemand };
writeFileSync(reportFile, JSON.stringify(report));
// Whatever main's modules left open (timers, sockets) is not the probe's business.
process.exit(0);
