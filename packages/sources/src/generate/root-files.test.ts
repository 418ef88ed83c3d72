import type { SourceDefinition } from "@tender/ingest";
import { describe, expect, it } from "vitest";
import { withIngestResources, withSourceReferences } from "./root-files.js";
import type { SourcePackage } from "./source-packages.js";

const pkg = (dir: string, service: string): SourcePackage => ({
  source: { service } as SourceDefinition,
  name: `@tender/${dir}`,
  dir: `packages/${dir}`,
  exportName: "source",
});
const two = [pkg("source-a", "ingest-source-a"), pkg("source-b", "ingest-source-b")];
const three = [...two, pkg("source-new", "ingest-source-c")];

const tsconfig = (paths: string[]) =>
  JSON.stringify({ files: [], references: paths.map((path) => ({ path })) });
const paths = (text: string) =>
  (JSON.parse(text) as { references: { path: string }[] }).references.map((r) => r.path);
const ROOT = [
  "packages/config",
  "packages/source-a",
  "packages/source-b",
  "packages/sources",
  "packages/cli",
  "services/gateway",
  "services/ingest-source-a",
  "services/ingest-source-b",
  "services/downloader",
];

describe("withSourceReferences", () => {
  it("keeps a root tsconfig that lists every source as it is", () => {
    expect(paths(withSourceReferences(tsconfig(ROOT), two))).toEqual(ROOT);
  });

  it("adds a new source's package before the registry and its service after the others, dropping a stale service", () => {
    const stale = [...ROOT.slice(0, -1), "services/ingest-source-z", "services/downloader"];
    expect(paths(withSourceReferences(tsconfig(stale), three))).toEqual([
      "packages/config",
      "packages/source-a",
      "packages/source-b",
      "packages/source-new",
      "packages/sources",
      "packages/cli",
      "services/gateway",
      "services/ingest-source-a",
      "services/ingest-source-b",
      "services/ingest-source-c",
      "services/downloader",
    ]);
  });
});

describe("withIngestResources", () => {
  const kustomization = (services: string[]) =>
    [
      "resources:",
      "  - gateway.yaml",
      ...services.map((s) => `  - ${s}.yaml`),
      "  - downloader.yaml",
      "",
    ].join("\n");

  it("lists one manifest per source's service where the first stood, and no other", () => {
    expect(withIngestResources(kustomization(["ingest-source-a", "ingest-source-z"]), three)).toBe(
      kustomization(["ingest-source-a", "ingest-source-b", "ingest-source-c"]),
    );
    expect(() => withIngestResources("resources:\n  - gateway.yaml\n", three)).toThrow(/no ingest-source/);
  });
});
