// The layers of docs/layers.md hold: no package's production code or dependencies reach beyond its
// floor, and the rules that keep some packages further away hold. The checker itself is tested on a planted workspace, so it can fail.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, repoPath } from "../deploy/repo-path.js";
import {
  floorOf,
  layerViolations,
  readLayers,
  readWorkspace,
  ruleBreaches,
  type WorkspacePackage,
} from "./layers.js";

const layers = readLayers(readFileSync(repoPath("docs/layers.md"), "utf8"));
const workspace = readWorkspace(REPO_ROOT);

describe("docs/layers.md", () => {
  it("puts every workspace package on one floor, the vocabulary at the bottom", () => {
    expect(workspace.length).toBeGreaterThan(25);
    expect(workspace.map((p) => p.name).filter((name) => floorOf(layers, name) === undefined)).toEqual([]);
    expect(floorOf(layers, "@tender/source-ted")).toBe(6);
    expect(floorOf(layers, "@tender/sources")).toBe(7);
    expect([...layers.floors].filter(([, floor]) => floor === 0).map(([name]) => name)).toEqual([
      "@tender/contracts",
      "@tender/organisations",
      "@tender/cpv",
    ]);
  });

  it("is kept: no import or dependency reaches beyond its layer", () => {
    expect(layerViolations(workspace, layers)).toEqual([]);
  });

  it("keeps the eForms parser on contracts and organisations alone", () => {
    expect([...(workspace.find((p) => p.name === "@tender/eforms")?.imports.keys() ?? [])].sort()).toEqual([
      "@tender/contracts",
      "@tender/organisations",
    ]);
  });

  it.each(layers.rules.map((rule) => [rule.pkg, rule] as const))("%s: its rule", (_, rule) => {
    expect(ruleBreaches(workspace, rule)).toEqual([]);
  });
});

describe("the layer checker", () => {
  const root = mkdtempSync(join(tmpdir(), "layers-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const manifest = (name: string, dependencies: string[] = [], devDependencies: string[] = []) =>
    JSON.stringify({
      name,
      dependencies: Object.fromEntries(dependencies.map((d) => [d, "workspace:*"])),
      devDependencies: Object.fromEntries(devDependencies.map((d) => [d, "workspace:*"])),
    });
  const planted = readLayers(
    [
      "| floor | what | packages |",
      "|---|---|---|",
      "| 0 | base | `@tender/base` |",
      "| 1 | parser | `@tender/parser`, `@tender/tool-*` |",
      "| 2 | runtime | `@tender/runtime` |",
      "",
      "| package | never reaches | why |",
      "|---|---|---|",
      "| `@tender/app` | `@tender/parser`, `@tender/run*` | planted |",
    ].join("\n"),
  );

  it("reports a planted upward import, sideways and undeclared imports, an upward dependency and a package without a floor", () => {
    write("packages/base/package.json", manifest("@tender/base", ["@tender/runtime"]));
    write("packages/base/src/index.ts", "export const base = 1;\n");
    write("packages/parser/package.json", manifest("@tender/parser", ["@tender/base"], ["@tender/runtime"]));
    write(
      "packages/parser/src/read.ts",
      'import { base } from "@tender/base";\nimport { run } from "@tender/runtime/sub";\nexport const read = () => base + run;\n',
    );
    write("packages/parser/src/sideways.ts", 'export { tool } from "@tender/tool-a";\n');
    // Tests and test helpers may use anything.
    write("packages/parser/src/read.test.ts", 'import "@tender/runtime";\n');
    write("packages/parser/src/testing/index.ts", 'import "@tender/runtime";\n');
    write("packages/tool-a/package.json", manifest("@tender/tool-a"));
    write("packages/runtime/package.json", manifest("@tender/runtime", ["@tender/parser"]));
    write(
      "packages/runtime/src/index.ts",
      'const load = () => import("@tender/parser");\nexport { load };\n',
    );
    write("services/app/package.json", manifest("@tender/app", ["@tender/runtime"]));

    const packages = readWorkspace(root);
    expect(layerViolations(packages, planted).sort()).toEqual(
      [
        "@tender/app has no floor in docs/layers.md",
        "packages/base/package.json: @tender/base (floor 0) needs @tender/runtime (floor 2): only lower floors are allowed",
        "packages/parser/src/read.ts: @tender/parser (floor 1) needs @tender/runtime (floor 2): only lower floors are allowed",
        "packages/parser/src/sideways.ts: @tender/parser (floor 1) needs @tender/tool-a (floor 1): only lower floors are allowed",
        "packages/parser/src/sideways.ts: imports @tender/tool-a, which packages/parser/package.json does not declare",
      ].sort(),
    );
    const [rule] = planted.rules;
    expect(rule && ruleBreaches(packages, rule)).toEqual(["@tender/parser", "@tender/runtime"]);
  });

  it("finds an upward import planted into a copy of the real workspace", () => {
    const copy: WorkspacePackage[] = workspace.map((p) => ({ ...p, imports: new Map(p.imports) }));
    const eforms = copy.find((p) => p.name === "@tender/eforms") as WorkspacePackage;
    eforms.imports.set("@tender/ingest", ["packages/eforms/src/planted.ts"]);
    eforms.dependencies = [...eforms.dependencies, "@tender/ingest"];
    expect(layerViolations(copy, layers)).toEqual([
      "packages/eforms/src/planted.ts: @tender/eforms (floor 1) needs @tender/ingest (floor 5): only lower floors are allowed",
    ]);
  });

  it("reports the downloader reaching a source adapter through a planted registry dependency", () => {
    const copy: WorkspacePackage[] = workspace.map((p) => ({ ...p, imports: new Map(p.imports) }));
    const downloader = copy.find((p) => p.name === "@tender/downloader") as WorkspacePackage;
    const rule = layers.rules.find((r) => r.pkg === "@tender/downloader");
    expect(rule && ruleBreaches(copy, rule)).toEqual([]);
    downloader.dependencies = [...downloader.dependencies, "@tender/sources"];
    downloader.imports.set("@tender/sources", ["services/downloader/src/planted.ts"]);
    expect(rule && ruleBreaches(copy, rule)).toContain("@tender/source-ted");
  });
});
