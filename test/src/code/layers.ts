// The checker behind layers.test.ts: reads the floors and rules of docs/layers.md and a
// workspace's packages (package.json dependencies and the imports of their production code),
// and lists what breaks them. Pure over its inputs, so a test can run it on a planted workspace.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export interface Rule {
  pkg: string;
  /** Names or prefixes ending in `*` the package must never reach. */
  never: string[];
}

export interface Layers {
  /** Package names, or prefixes ending in `*` (`@tender/source-*`: every source package), by floor. */
  floors: Map<string, number>;
  rules: Rule[];
}

/** Whether `name` is `pattern`, or starts with it when the pattern ends in `*`. */
export function matches(pattern: string, name: string): boolean {
  return pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

/** The floor of a package: its own entry, else the first pattern that matches it. */
export function floorOf(layers: Layers, name: string): number | undefined {
  return layers.floors.get(name) ?? [...layers.floors].find(([pattern]) => matches(pattern, name))?.[1];
}

export interface WorkspacePackage {
  name: string;
  /** The folder, relative to the workspace root. */
  dir: string;
  dependencies: string[];
  devDependencies: string[];
  /** Workspace packages imported by production code, with the files that import them. */
  imports: Map<string, string[]>;
}

const SCOPE = "@tender/";
const NAMES = /`(@tender\/[a-z0-9*-]+)`/g;
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](@tender\/[a-z0-9-]+)(?:\/[^"']*)?["']/g;

/** The floors and rules of docs/layers.md: its `| floor | … | packages |` and `| package | never reaches | why |` tables. */
export function readLayers(markdown: string): Layers {
  const floors = new Map<string, number>();
  const rules: Rule[] = [];
  for (const line of markdown.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const floor = /^\d+$/.test(cells[1] ?? "") ? Number(cells[1]) : null;
    if (floor !== null) {
      for (const [, name] of (cells[3] ?? "").matchAll(NAMES)) if (name) floors.set(name, floor);
      continue;
    }
    const pkg = /^`(@tender\/[a-z0-9-]+)`$/.exec(cells[1] ?? "")?.[1];
    if (pkg !== undefined) {
      rules.push({ pkg, never: [...(cells[2] ?? "").matchAll(NAMES)].map(([, name]) => name ?? "") });
    }
  }
  return { floors, rules };
}

/**
 * The production source files of a package: `src/**` TypeScript, without tests, `src/testing/` and
 * `src/generate/` (generators hold the code they write as text; it is checked where it lands).
 */
function productionFiles(src: string): string[] {
  if (!existsSync(src)) return [];
  return readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter(
      (f) => /\.(ts|tsx|mts)$/.test(f) && !/\.test\.tsx?$/.test(f) && !/^(testing|generate)[/\\]/.test(f),
    )
    .map((f) => join(src, f))
    .sort();
}

/** Every package under `roots` (`packages/*`, `services/*`) of the workspace at `root`. */
export function readWorkspace(
  root: string,
  roots: readonly string[] = ["packages", "services"],
): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const folder of roots) {
    if (!existsSync(join(root, folder))) continue;
    for (const entry of readdirSync(join(root, folder)).sort()) {
      const dir = join(root, folder, entry);
      if (!existsSync(join(dir, "package.json"))) continue;
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const ours = (deps: Record<string, string> | undefined) =>
        Object.keys(deps ?? {}).filter((name) => name.startsWith(SCOPE));
      const imports = new Map<string, string[]>();
      for (const file of productionFiles(join(dir, "src"))) {
        for (const [, name] of readFileSync(file, "utf8").matchAll(IMPORT)) {
          if (name === undefined || name === pkg.name) continue;
          imports.set(name, [...(imports.get(name) ?? []), relative(root, file)]);
        }
      }
      found.push({
        name: pkg.name,
        dir: relative(root, dir),
        dependencies: ours(pkg.dependencies),
        devDependencies: ours(pkg.devDependencies),
        imports,
      });
    }
  }
  return found;
}

/** What production code needs: its declared dependencies and what it imports. */
function needs(pkg: WorkspacePackage): string[] {
  return [...new Set([...pkg.dependencies, ...pkg.imports.keys()])];
}

/** Every break of the floors: packages without a floor, imports and dependencies not strictly below, undeclared imports. */
export function layerViolations(packages: readonly WorkspacePackage[], layers: Layers): string[] {
  const problems: string[] = [];
  const names = new Set(packages.map((p) => p.name));
  for (const pattern of layers.floors.keys()) {
    if (![...names].some((name) => matches(pattern, name))) {
      problems.push(`docs/layers.md: ${pattern} names no workspace package`);
    }
  }
  for (const pkg of packages) {
    const floor = floorOf(layers, pkg.name);
    if (floor === undefined) {
      problems.push(`${pkg.name} has no floor in docs/layers.md`);
      continue;
    }
    for (const [dep, files] of pkg.imports) {
      if (!pkg.dependencies.includes(dep) && !pkg.devDependencies.includes(dep)) {
        problems.push(`${files[0]}: imports ${dep}, which ${pkg.dir}/package.json does not declare`);
      }
    }
    for (const dep of needs(pkg)) {
      const below = floorOf(layers, dep);
      if (below !== undefined && below < floor) continue;
      const where = pkg.imports.get(dep)?.[0] ?? `${pkg.dir}/package.json`;
      const at = below === undefined ? "no floor" : `floor ${below}`;
      problems.push(
        `${where}: ${pkg.name} (floor ${floor}) needs ${dep} (${at}): only lower floors are allowed`,
      );
    }
  }
  return problems;
}

/** The workspace packages `from` reaches through production dependencies and imports, directly or not. */
export function reaches(packages: readonly WorkspacePackage[], from: string): Set<string> {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    for (const dep of byName.get(name) === undefined ? [] : needs(byName.get(name) as WorkspacePackage)) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      visit(dep);
    }
  };
  visit(from);
  return seen;
}

/** The packages a rule forbids that its package reaches (sorted; empty: the rule holds). */
export function ruleBreaches(packages: readonly WorkspacePackage[], rule: Rule): string[] {
  return [...reaches(packages, rule.pkg)].filter((name) => rule.never.some((n) => matches(n, name))).sort();
}
