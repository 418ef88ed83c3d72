import type { SourceDefinition } from "@tender/ingest";
import { GENERATED } from "./generated-header.js";

/** `packages/contracts/src/generated/source-labels.ts`: each code's label and document hosts. */
export const SOURCE_LABELS_PATH = "packages/contracts/src/generated/source-labels.ts";

/**
 * The contracts' copy of what the web app, the API's enum and the downloader read of each source,
 * since the contracts depend on no source package.
 */
export function sourceLabelsFile(sources: readonly SourceDefinition[]): string {
  const q = (text: string) => JSON.stringify(text);
  return [
    `// ${GENERATED}`,
    "",
    "/** Each source's code → the name people know it by, in the registry's order. */",
    "export const SOURCE_LABELS = {",
    ...sources.map((s) => `  ${s.code}: ${q(s.label)},`),
    "} as const;",
    "",
    "/** Each source's code → the hosts its documents are downloaded from by default (a name allows its subdomains). */",
    "export const SOURCE_DOCUMENT_HOSTS: { readonly [code in keyof typeof SOURCE_LABELS]: readonly string[] } = {",
    ...sources.map((s) => `  ${s.code}: [${s.documentHosts.map(q).join(", ")}],`),
    "};",
    "",
  ].join("\n");
}
