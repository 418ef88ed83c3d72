import { pathToFileURL } from "node:url";
import { SOURCES } from "@tender/sources";
import { repoPath } from "./repo-path.js";

/**
 * The services (services/<name>): the gateway, one ingest service per registered source, the
 * downloader, the indexer and the notifier. Every deployment test runs over this list, so a
 * registered source without its service in the Dockerfile, compose or k8s fails there.
 */
export const SERVICES: readonly string[] = [
  "gateway",
  ...SOURCES.map((source) => source.service),
  "downloader",
  "indexer",
  "notifier",
];
export type ServiceName = string;

/** Services that expose probes on HEALTH_PORT (all but the gateway, which serves them on PORT). */
export const WORKERS: readonly ServiceName[] = SERVICES.filter((s) => s !== "gateway");

interface SchemaNode {
  entries?: Record<string, unknown>;
  options?: unknown[];
}

/** Variable names of a valibot env schema: object entries, through intersections, unions and pipes. */
export function envKeys(schema: unknown): string[] {
  const node = schema as SchemaNode;
  if (node.entries !== undefined) return Object.keys(node.entries);
  if (Array.isArray(node.options)) return [...new Set(node.options.flatMap(envKeys))];
  throw new Error("not an env schema: expected an object, intersect or union schema");
}

/** A module's named export, loaded from its TypeScript source (path from the repository root). */
export async function loadExport(path: string, name: string): Promise<unknown> {
  const module = (await import(pathToFileURL(repoPath(path)).href)) as Record<string, unknown>;
  if (module[name] === undefined) throw new Error(`${path} does not export ${name}`);
  return module[name];
}

/** The `Env` schema of each service (services/<name>/src/env.ts), as its module exports it. */
export async function loadServiceEnvSchemas(): Promise<Record<ServiceName, unknown>> {
  const result: Partial<Record<ServiceName, unknown>> = {};
  for (const s of SERVICES) result[s] = await loadExport(`services/${s}/src/env.ts`, "Env");
  return result as Record<ServiceName, unknown>;
}

/** Read by Node itself rather than by a service's `Env` (the gateway's heap settings). */
const NODE_RUNTIME_ENV = ["NODE_OPTIONS"] as const;

/**
 * Every environment variable each service reads, taken from the services' own `Env` schemas
 * (services/<name>/src/env.ts) plus Node's own `NODE_OPTIONS`, and the CLI's (database and bus). A deployment file that sets
 * anything else has a typo or a stale name.
 */
export async function loadServiceEnv(): Promise<Record<ServiceName | "cli", readonly string[]>> {
  const schemas = await loadServiceEnvSchemas();
  const result: Partial<Record<ServiceName | "cli", readonly string[]>> = {};
  for (const s of SERVICES) result[s] = [...envKeys(schemas[s]), ...NODE_RUNTIME_ENV];
  result.cli = [
    ...envKeys(await loadExport("packages/cli/src/cli-env.ts", "CliEnv")),
    ...envKeys(await loadExport("packages/cli/src/bus-env.ts", "CliBusEnv")),
  ];
  return result as Record<ServiceName | "cli", readonly string[]>;
}
