import type { SourcePackage } from "./source-packages.js";

const INGEST_SERVICE = /^services\/ingest-source-/;

/**
 * The root tsconfig.json with a reference to each source's package and service (`tsc -b` builds
 * only what it reaches) and none to an ingest service no source runs; other references kept in order.
 */
export function withSourceReferences(tsconfig: string, packages: readonly SourcePackage[]): string {
  const config = JSON.parse(tsconfig) as { references?: { path: string }[] };
  const kept = (config.references ?? []).filter((r) => !INGEST_SERVICE.test(r.path));
  const paths = kept.map((r) => r.path);
  const missing = packages.map((p) => p.dir).filter((dir) => !paths.includes(dir));
  // New source packages go before the registry, the ingest services after the gateway.
  const registry = paths.indexOf("packages/sources");
  const at = registry === -1 ? paths.length : registry;
  const withPackages = [...paths.slice(0, at), ...missing, ...paths.slice(at)];
  const gateway = withPackages.indexOf("services/gateway") + 1 || withPackages.length;
  const services = packages.map((p) => `services/${p.source.service}`);
  const next = [...withPackages.slice(0, gateway), ...services, ...withPackages.slice(gateway)];
  return `${JSON.stringify({ ...config, references: next.map((path) => ({ path })) }, null, 2)}\n`;
}

/** k8s/base/kustomization.yaml with one `- <service>.yaml` resource per ingest service, where the first stood. */
export function withIngestResources(kustomization: string, packages: readonly SourcePackage[]): string {
  const lines = kustomization.split("\n");
  const ingest = (line: string) => /^ {2}- ingest-source-[a-z0-9-]+\.yaml$/.test(line);
  const first = lines.findIndex(ingest);
  if (first === -1) throw new Error("k8s/base/kustomization.yaml lists no ingest-source-*.yaml resource");
  const resources = packages.map((p) => `  - ${p.source.service}.yaml`);
  const rest = lines.filter((line) => !ingest(line));
  return [...rest.slice(0, first), ...resources, ...rest.slice(first)].join("\n");
}
