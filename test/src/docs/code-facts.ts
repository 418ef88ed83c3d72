import { existsSync, readdirSync, readFileSync } from "node:fs";
import { catalogEntries, DEFAULT_BUS_NAMES, subjectCatalog } from "@tender/bus";
import { repoPath } from "../deploy/repo-path.js";
import { loadExport } from "../deploy/service-env.js";

/** The workspace folders under `packages/` or `services/` (those with a package.json), by name. */
export function workspaceFolders(top: "packages" | "services"): string[] {
  return readdirSync(repoPath(top), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(repoPath(`${top}/${entry.name}/package.json`)))
    .map((entry) => entry.name)
    .sort();
}

/** Every table of the database, as `Database` in `packages/db/src/database.ts` declares them. */
export function databaseTables(): string[] {
  const source = readFileSync(repoPath("packages/db/src/database.ts"), "utf8");
  const body = /export interface Database \{([^}]*)\}/.exec(source)?.[1] ?? "";
  return [...body.matchAll(/^\s*([a-z_]+): \w+Table;/gm)].map((m) => m[1] ?? "");
}

/** Every subject of the bus with its stream, dead-letter subject and stream, and durable consumers. */
export function busSubjects() {
  return catalogEntries(subjectCatalog(DEFAULT_BUS_NAMES)).map((entry) => ({
    subject: entry.subject,
    stream: entry.stream,
    dlqSubject: entry.dlqSubject,
    dlqStream: entry.dlqStream,
    consumers: [...entry.consumers],
  }));
}

/** The gateway's OpenAPI document, as `/openapi.json` serves it. */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const build = await loadExport(
    "services/gateway/src/openapi/build-openapi-document.ts",
    "buildOpenApiDocument",
  );
  return (build as () => OpenApiDocument)();
}

/** The parts of an OpenAPI document the docs tests read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

/** Every operation of the gateway's OpenAPI document, as "GET /api/v1/tenders/{id}". */
export async function gatewayOperations(): Promise<string[]> {
  return Object.entries((await openApiDocument()).paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}
