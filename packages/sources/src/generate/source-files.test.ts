import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SOURCES } from "../source-registry.js";
import { sameFileText } from "./same-file-text.js";
import { REPOSITORY_ROOT, sourceFiles } from "./source-files.js";

const files = await sourceFiles(SOURCES);
const read = (path: string) => {
  const absolute = join(REPOSITORY_ROOT, path);
  return existsSync(absolute) ? readFileSync(absolute, "utf8") : "(missing)";
};

describe("the files derived from the source registry", () => {
  it("include each source's service folder and manifest, the contracts' labels and the root lists", () => {
    for (const source of SOURCES) {
      expect(files.has(`services/${source.service}/src/main.ts`), source.code).toBe(true);
      expect(files.has(`k8s/base/${source.service}.yaml`), source.code).toBe(true);
    }
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        "packages/contracts/src/generated/source-labels.ts",
        "tsconfig.json",
        "k8s/base/kustomization.yaml",
      ]),
    );
  });

  it.each([...files.keys()])("%s is up to date (else run `pnpm build && pnpm sources`)", (path) => {
    expect(sameFileText(path, read(path), files.get(path) ?? ""), path).toBe(true);
  });

  it("leave no ingest service folder or manifest that no source runs", () => {
    const services = SOURCES.map((source) => source.service).sort();
    const folders = readdirSync(join(REPOSITORY_ROOT, "services")).filter((f) =>
      f.startsWith("ingest-source-"),
    );
    const manifests = readdirSync(join(REPOSITORY_ROOT, "k8s/base"))
      .filter((f) => f.startsWith("ingest-source-"))
      .map((f) => f.replace(/\.yaml$/, ""));
    expect(folders.sort()).toEqual(services);
    expect(manifests.sort()).toEqual(services);
  });
});
