// The demo runs from its build like a service (`node packages/demo/dist/main.js`): its run-time
// code may import only its production dependencies, and none of them is test code.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoPath } from "./repo-path.js";

/** Packages only tests use (as in the production-image test). */
const DEV_ONLY = ["vitest", "playwright-core", "@tender/testing", "fast-check", "testcontainers", "axe-core"];
const TEST_CODE = /(^|\/)testing\/|\.test\.ts$/;

const demo = repoPath("packages/demo");
const manifest = JSON.parse(readFileSync(join(demo, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};

function runTimeSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return runTimeSources(path);
    return entry.name.endsWith(".ts") && !TEST_CODE.test(relative(demo, path)) ? [path] : [];
  });
}

/** The package an import specifier names (`@scope/name` or `name`), or null for node: and relative ones. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("node:")) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? null);
}

describe("the demo's run-time code", () => {
  it("depends on no package that only tests use", () => {
    expect(Object.keys(manifest.dependencies).filter((name) => DEV_ONLY.includes(name))).toEqual([]);
  });

  it("imports only its production dependencies (type-only imports aside)", () => {
    const sources = runTimeSources(join(demo, "src"));
    expect(sources.length).toBeGreaterThan(10);
    const outside: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, "utf8");
      for (const [, typeOnly, specifier] of text.matchAll(
        /^\s*(?:import|export)\s+(type\s)?[^;]*?from\s+"([^"]+)"/gm,
      )) {
        const name = packageOf(specifier ?? "");
        if (typeOnly || name === null) continue;
        if (!(name in manifest.dependencies)) outside.push(`${relative(demo, file)}: ${specifier}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
