import { IngestServiceEnv } from "@tender/ingest";
import * as v from "valibot";
import { GENERATED } from "./generated-header.js";
import { ingestManifest } from "./ingest-manifest.js";
import type { SourcePackage } from "./source-packages.js";

/** Setting names of an env schema: object entries, through intersections. */
function settingNames(schema: unknown): string[] {
  const node = schema as { entries?: object; options?: unknown[] };
  if (node.entries !== undefined) return Object.keys(node.entries);
  return [...new Set((node.options ?? []).flatMap(settingNames))];
}

/** The settings the deployment files state, with their defaults as the source's schema gives them. */
export function deployedSettings(pkg: SourcePackage): [string, string][] {
  const { source } = pkg;
  const defaults = v.parse(source.env, {}) as Record<string, unknown>;
  return (source.deployedSettings ?? [source.baseUrlSetting]).map((name) => [name, String(defaults[name])]);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The files of a source's ingest service (`services/<service>/`: package, TypeScript project,
 * README, env, main) and its Kubernetes manifest, by path from the repository root.
 */
export function ingestServiceFiles(pkg: SourcePackage): Record<string, string> {
  const { source, name, dir, exportName } = pkg;
  const folder = `services/${source.service}`;
  const shared = settingNames(IngestServiceEnv);
  const own = Object.keys(source.env.entries);
  return {
    [`${folder}/package.json`]: json({
      name: `@tender/${source.service}`,
      version: "0.1.0",
      private: true,
      description: `Pulls ${source.label} into TenderRecordV1 (${name}, through @tender/ingest).`,
      type: "module",
      scripts: { start: "node dist/main.js" },
      dependencies: {
        "@tender/config": "workspace:*",
        "@tender/ingest": "workspace:*",
        [name]: "workspace:*",
        valibot: "catalog:",
      },
    }),
    [`${folder}/tsconfig.json`]: json({
      extends: "../../tsconfig.base.json",
      compilerOptions: { rootDir: "src", outDir: "dist", tsBuildInfoFile: "dist/.tsbuildinfo" },
      include: ["src"],
      exclude: ["src/**/*.test.ts", "src/testing"],
      references: [
        { path: "../../packages/config" },
        { path: "../../packages/ingest" },
        { path: `../../${dir}` },
      ],
    }),
    [`${folder}/src/env.ts`]: `// ${GENERATED}
import { IngestServiceEnv } from "@tender/ingest";
import { ${exportName} } from "${name}";
import * as v from "valibot";

/** The ${source.service} process: the ingest worker's settings and those of ${source.label}. */
export const Env = v.intersect([IngestServiceEnv, ${exportName}.env]);
export type Env = v.InferOutput<typeof Env>;
`,
    [`${folder}/src/main.ts`]: `// ${GENERATED}
import { loadConfig } from "@tender/config";
import { runIngestService } from "@tender/ingest";
import { ${exportName} } from "${name}";
import { Env } from "./env.js";

const config = loadConfig(Env, process.env);
await runIngestService({
  name: ${exportName}.service,
  config,
  createAdapter: (logger) => ${exportName}.createAdapter(config, logger),
});
`,
    [`${folder}/README.md`]: `# ${source.service} — ${source.label}

<!-- ${GENERATED} -->

The deployable that runs the ${source.label} source ([\`${name}\`](../../${dir}/README.md), where
its API, cursor and mapping are described) every \`SYNC_INTERVAL_MS\` through \`@tender/ingest\`,
with the outbox relay and health probes (\`HEALTH_PORT\`) in-process. \`src/main.ts\` only wires
configuration, logger, database and bus. This folder and \`k8s/base/${source.service}.yaml\` are
generated from the source registry (\`@tender/sources\`) by \`pnpm sources\`.

Environment: the source's ${own.map((s) => `\`${s}\``).join(", ")}; the ingest services'
${shared.map((s) => `\`${s}\``).join(", ")} (the README's Configuration table).

## Who depends on it

A deployable: the end-to-end tests (\`test/\`) and the demo start it as a process; nothing imports it.

## Test it alone

\`src/main.ts\` only wires; it has no tests of its own. What it runs is tested where it lives:

\`\`\`sh
pnpm exec vitest run ${dir} packages/ingest      # the adapter, the sync, the worker
pnpm exec vitest run packages/sources             # this folder and its manifest match the registry
\`\`\`
`,
    [`k8s/base/${source.service}.yaml`]: ingestManifest(source.service, source.label, deployedSettings(pkg)),
  };
}
