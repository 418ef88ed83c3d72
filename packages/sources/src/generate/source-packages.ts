import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SourceDefinition } from "@tender/ingest";

/** A registered source with the package that exports it. */
export interface SourcePackage {
  readonly source: SourceDefinition;
  /** `@tender/source-contracts-finder`. */
  readonly name: string;
  /** `packages/source-contracts-finder`. */
  readonly dir: string;
  /** The export holding the definition, e.g. `contractsFinderSource`. */
  readonly exportName: string;
}

/**
 * Each of `sources` with the package under `<root>/packages/source-*` whose entry exports it (the
 * registry's dependencies: imported by name). Throws for a source no package exports.
 */
export async function sourcePackages(
  root: string,
  sources: readonly SourceDefinition[],
): Promise<SourcePackage[]> {
  const found: SourcePackage[] = [];
  for (const folder of readdirSync(join(root, "packages"))
    .filter((f) => f.startsWith("source-"))
    .sort()) {
    const dir = `packages/${folder}`;
    const { name } = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as { name: string };
    const module = (await import(name)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      const source = sources.find((s) => s === value);
      if (source !== undefined) found.push({ source, name, dir, exportName });
    }
  }
  return sources.map((source) => {
    const owner = found.find((p) => p.source === source);
    if (owner === undefined)
      throw new Error(`no packages/source-* package exports the source ${source.code}`);
    return owner;
  });
}
