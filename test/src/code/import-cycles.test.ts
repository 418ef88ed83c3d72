// No module of a package imports itself through others, not even for types: a cycle hides
// which module owns a type, and a value cycle makes the evaluation order depend on who is
// imported first.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, repoPath } from "../deploy/repo-path.js";

const IMPORT = /^(?:import|export)\s(?:[^;"]*?\sfrom\s*)?"(\.{1,2}\/[^"]+)"/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f))
    .sort();
}

/** The relative imports of `file`, as the files they name. */
function importsOf(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)].flatMap(([, specifier = ""]) => {
    const base = join(dirname(file), specifier).replace(/\.js$/, "");
    return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].filter(existsSync).slice(0, 1);
  });
}

/** One import cycle among `files` (the path round it), or null. */
export function findCycle(files: readonly string[]): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "open") return [...path.slice(path.indexOf(file)), file];
    state.set(file, "open");
    path.push(file);
    for (const next of importsOf(file)) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

const packages = ["packages", "services"].flatMap((root) =>
  readdirSync(repoPath(root))
    .map((name) => `${root}/${name}/src`)
    .filter((src) => existsSync(repoPath(src))),
);

describe("import cycles", () => {
  it("finds a cycle where there is one (the check can fail)", () => {
    const dir = repoPath("test/fixtures/import-cycle");
    expect(findCycle(sourceFiles(dir))?.map((f) => relative(dir, f))).toEqual([
      "a.ts",
      "b.ts",
      "c.ts",
      "a.ts",
    ]);
  });

  it.each(packages)("%s has none", (src) => {
    const cycle = findCycle(sourceFiles(repoPath(src)));
    expect(cycle?.map((f) => relative(REPO_ROOT, f)) ?? null).toBeNull();
  });
});

/** The workspace packages each package needs in production (package.json `dependencies`). */
function workspaceDependencies(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of packages.map((src) => repoPath(src.replace(/\/src$/, "")))) {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    graph.set(
      pkg.name,
      Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith("@tender/")),
    );
  }
  return graph;
}

describe("workspace packages", () => {
  const graph = workspaceDependencies();

  it("depend on each other without a cycle", () => {
    const done = new Set<string>();
    const cycleFrom = (name: string, path: string[]): string[] | null => {
      if (path.includes(name)) return [...path.slice(path.indexOf(name)), name];
      if (done.has(name)) return null;
      for (const next of graph.get(name) ?? []) {
        const cycle = cycleFrom(next, [...path, name]);
        if (cycle) return cycle;
      }
      done.add(name);
      return null;
    };
    expect(graph.size).toBeGreaterThan(15);
    for (const name of graph.keys()) expect(cycleFrom(name, [])).toBeNull();
  });

  it("@tender/config needs none: every package, logging included, can read its settings with it", () => {
    expect(graph.get("@tender/config")).toEqual([]);
  });
});
