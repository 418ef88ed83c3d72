import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import { repoPath } from "./repo-path.js";

/** The parts of a Compose service the checks read. */
export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string; required?: boolean }>;
  healthcheck?: { test?: string[] | string };
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  read_only?: boolean;
  user?: string;
  cap_drop?: string[];
  tmpfs?: string[];
  restart?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** deploy/compose.yaml as Compose reads it (YAML merge keys resolved). */
export function loadComposeFile(): ComposeFile {
  return parse(readFileSync(repoPath("deploy/compose.yaml"), "utf8"), { merge: true }) as ComposeFile;
}

/**
 * The Compose Specification's JSON Schema (draft-07) as shipped by the `dclint` npm package
 * (schemas/compose.schema.json, taken from github.com/compose-spec/compose-spec).
 */
export function loadComposeSchema(): Record<string, unknown> {
  const pkg = createRequire(import.meta.url).resolve("dclint/package.json");
  const { $schema, ...schema } = JSON.parse(
    readFileSync(join(dirname(pkg), "schemas/compose.schema.json"), "utf8"),
  );
  // It names draft-07 by an https URL Ajv does not know; Ajv's default dialect is draft-07.
  if (!String($schema).includes("draft-07")) throw new Error(`unexpected Compose schema dialect ${$schema}`);
  return schema;
}

/** `${VAR:-default}` and `${VAR-default}` become the default, `${VAR}` becomes "", `$$` becomes `$`. */
export function withDefaults(value: string): string {
  return value
    .replace(
      /\$\{[A-Za-z_][A-Za-z0-9_]*(?::?-([^}]*))?\}/g,
      (_, fallback: string | undefined) => fallback ?? "",
    )
    .replace(/\$\$/g, "$");
}
