import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
type Manifest = { name: string; dependencies?: Record<string, string> };
const manifests = new Map<string, Manifest>(
  ["packages", "services"].flatMap((top) =>
    readdirSync(join(ROOT, top)).flatMap((folder) => {
      try {
        const manifest = JSON.parse(
          readFileSync(join(ROOT, top, folder, "package.json"), "utf8"),
        ) as Manifest;
        return [[manifest.name, manifest] as const];
      } catch {
        return [];
      }
    }),
  ),
);

/** Every package the named one needs at run time, through the workspace's own packages. */
function productionClosure(name: string): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    for (const dependency of Object.keys(manifests.get(current)?.dependencies ?? {})) {
      if (seen.has(dependency)) continue;
      seen.add(dependency);
      visit(dependency);
    }
  };
  visit(name);
  return seen;
}

describe("the downloader's production dependencies", () => {
  // It needs each source's document hosts only: the contracts carry them (generated from the
  // registry), so an image of the downloader holds no adapter, no mapping and no XML parser.
  it("include no source package, no ingest runtime and no XML parser, even indirectly", () => {
    const closure = [...productionClosure("@tender/downloader")];
    expect(closure).toContain("@tender/contracts");
    expect(closure.filter((name) => /^@tender\/(sources?(-|$)|ingest$|eforms$)|xml|sax/i.test(name))).toEqual(
      [],
    );
  });
});
