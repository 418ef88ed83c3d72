// `pnpm build` is `tsc -b` at the root: a package or service its tsconfig.json does not reach is
// never compiled there (no type errors reported, no dist/ for the demo to run). A new source's
// package and service each need their line; this names the one forgotten.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";

interface TsConfig {
  compilerOptions?: { composite?: boolean };
  references?: { path: string }[];
}

const readConfig = (path: string): TsConfig => JSON.parse(readFileSync(repoPath(path), "utf8"));

/** `packages/<name>` and `services/<name>` folders with a tsconfig.json that `tsc -b` builds. */
function buildableProjects(): string[] {
  return ["packages", "services"].flatMap((parent) =>
    readdirSync(repoPath(parent))
      .map((name) => `${parent}/${name}`)
      .filter((folder) => existsSync(repoPath(`${folder}/tsconfig.json`)))
      // The web app is bundled by Vite (its own non-composite tsconfig), not by `tsc -b`.
      .filter((folder) => readConfig(`${folder}/tsconfig.json`).compilerOptions?.composite !== false),
  );
}

describe("the root tsconfig.json", () => {
  it("references every package and service that tsc -b builds, and nothing else", () => {
    const projects = buildableProjects();
    expect(projects).toEqual(expect.arrayContaining(["packages/sources", "services/gateway"]));
    const referenced = (readConfig("tsconfig.json").references ?? [])
      .map((r) => r.path)
      .filter((path) => path.startsWith("packages/") || path.startsWith("services/"));
    expect([...referenced].sort()).toEqual([...projects].sort());
  });
});
