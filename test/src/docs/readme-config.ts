import { readFileSync } from "node:fs";
import { SOURCES } from "@tender/sources";
import * as v from "valibot";
import { repoPath } from "../deploy/repo-path.js";
import { SERVICES, WORKERS } from "../deploy/service-env.js";

/** One row of the README's configuration table. */
export interface ConfigRow {
  variable: string;
  /** Who reads it, expanded: service names and `cli`. */
  usedBy: string[];
  defaultText: string;
}

/** The README's text. */
export function readReadme(): string {
  return readFileSync(repoPath("README.md"), "utf8");
}

/**
 * `all`, `workers`, `ingest services` (every registered source's), `CLI`, `ingest-source-a, -b`…
 * as service names (and `cli`).
 */
export function expandUsedBy(text: string): string[] {
  let previous = "";
  return text.split(",").flatMap((raw) => {
    const part = raw.trim();
    if (part === "all") return [...SERVICES];
    if (part === "workers") return [...WORKERS];
    if (part === "ingest services") return SOURCES.map((source) => source.service);
    if (part === "CLI") return ["cli"];
    // "-b" after "ingest-source-a" is "ingest-source-b".
    const name = part.startsWith("-") ? previous.replace(/-[^-]+$/, part) : part;
    previous = name;
    return [name];
  });
}

/** The rows of the table under "## Configuration" (`| \`NAME\` | used by | default | meaning |`). */
export function configRows(readme: string): ConfigRow[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith("Configuration\n")) ?? "";
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]+) \| ([^|]+) \|/gm)].map((m) => ({
    variable: m[1] ?? "",
    usedBy: expandUsedBy(m[2] ?? ""),
    defaultText: (m[3] ?? "").trim(),
  }));
}

/**
 * A default that differs between services, written "`15000` (gateway), `60000` (workers)":
 * each literal with the services it applies to; undefined for any other default text.
 */
export function perServiceDefaults(
  defaultText: string,
): { literal: string; services: string[] }[] | undefined {
  const parts = [...defaultText.matchAll(/`([^`]*)` \(([^)]+)\)/g)].map((m) => ({
    literal: m[1] ?? "",
    services: expandUsedBy(m[2] ?? ""),
  }));
  const known: readonly string[] = SERVICES;
  const valid = parts.length > 1 && parts.every((p) => p.services.every((s) => known.includes(s)));
  return valid ? parts : undefined;
}

/** A service's configuration (its `Env` schema) with nothing set but the database: every default. */
export function serviceDefaults(schema: unknown, service: string): Record<string, unknown> {
  const parsed = v.safeParse(schema as v.GenericSchema, {
    DATABASE_URL: "postgres://postgres@127.0.0.1:5432/tender",
  });
  if (!parsed.success) throw new Error(`${service}: ${JSON.stringify(parsed.issues[0].message)}`);
  return parsed.output as Record<string, unknown>;
}
