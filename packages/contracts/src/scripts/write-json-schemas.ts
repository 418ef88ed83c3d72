import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildJsonSchemas } from "../json-schemas/build-json-schemas.js";
import { findWorkspaceRoot } from "../json-schemas/find-workspace-root.js";
import {
  GENERATED_MODULE_PATH,
  renderSchemaFiles,
  SCHEMAS_DIR,
} from "../json-schemas/render-schema-files.js";

// `pnpm schemas`: writes schemas/*.schema.json and src/generated/json-schemas.ts from the
// valibot source (run `pnpm build` first), and removes schema files no contract produces.
const root = findWorkspaceRoot(import.meta.dirname);
const files = renderSchemaFiles(buildJsonSchemas());

for (const name of readdirSync(join(root, SCHEMAS_DIR))) {
  if (name.endsWith(".schema.json") && !files.has(`${SCHEMAS_DIR}/${name}`)) {
    rmSync(join(root, SCHEMAS_DIR, name));
    console.log(`removed ${SCHEMAS_DIR}/${name}`);
  }
}
let moduleChanged = false;
for (const [path, content] of files) {
  const target = join(root, path);
  if (existsSync(target) && readFileSync(target, "utf8") === content) continue;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
  moduleChanged ||= path === GENERATED_MODULE_PATH;
  console.log(`wrote ${path}`);
}
console.log(
  moduleChanged
    ? `${GENERATED_MODULE_PATH} changed: run \`pnpm build\` again so dist/ validates against it.`
    : "Schemas are up to date.",
);
