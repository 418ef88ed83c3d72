import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SourceDefinition } from "@tender/ingest";
import { ingestServiceFiles } from "./ingest-service-files.js";
import { withIngestResources, withSourceReferences } from "./root-files.js";
import { SOURCE_LABELS_PATH, sourceLabelsFile } from "./source-labels-file.js";
import { sourcePackages } from "./source-packages.js";

/** The repository root, from this file in `packages/sources/src/generate` or `dist/generate`. */
export const REPOSITORY_ROOT = join(import.meta.dirname, "../../../..");

/**
 * Every file derived from the registry, by path from the repository root, with the text it must
 * have: each source's ingest service folder and k8s manifest, the contracts' labels and document
 * hosts, and the ingest entries of the root tsconfig.json and of k8s/base/kustomization.yaml.
 */
export async function sourceFiles(
  sources: readonly SourceDefinition[],
  root = REPOSITORY_ROOT,
): Promise<Map<string, string>> {
  const packages = await sourcePackages(root, sources);
  const read = (path: string) => readFileSync(join(root, path), "utf8");
  const files = new Map<string, string>([[SOURCE_LABELS_PATH, sourceLabelsFile(sources)]]);
  for (const pkg of packages)
    for (const [path, text] of Object.entries(ingestServiceFiles(pkg))) files.set(path, text);
  files.set("tsconfig.json", withSourceReferences(read("tsconfig.json"), packages));
  files.set(
    "k8s/base/kustomization.yaml",
    withIngestResources(read("k8s/base/kustomization.yaml"), packages),
  );
  return files;
}
