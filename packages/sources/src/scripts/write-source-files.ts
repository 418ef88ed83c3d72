import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sameFileText } from "../generate/same-file-text.js";
import { REPOSITORY_ROOT, sourceFiles } from "../generate/source-files.js";
import { SOURCE_LABELS_PATH } from "../generate/source-labels-file.js";
import { SOURCES } from "../source-registry.js";

// `pnpm sources` (after `pnpm build`): writes every file derived from the registry and formats the
// JSON ones as biome does, then says what to run next.
const files = await sourceFiles(SOURCES);
const written: string[] = [];
for (const [path, text] of files) {
  const absolute = join(REPOSITORY_ROOT, path);
  if (existsSync(absolute) && sameFileText(path, readFileSync(absolute, "utf8"), text)) continue;
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  written.push(path);
}
const json = written.filter((path) => path.endsWith(".json"));
if (json.length > 0)
  execFileSync("pnpm", ["-s", "exec", "biome", "format", "--write", ...json], { cwd: REPOSITORY_ROOT });
for (const path of written) console.log(`wrote ${path}`);
const services = new Set(SOURCES.map((source) => source.service));
for (const folder of readdirSync(join(REPOSITORY_ROOT, "services")).filter((f) =>
  f.startsWith("ingest-source-"),
))
  if (!services.has(folder)) console.log(`services/${folder} runs no registered source: delete it`);
const next = [
  ...(written.some((path) => path.endsWith("package.json")) ? ["pnpm install"] : []),
  ...(written.length > 0 ? ["pnpm build"] : []),
  ...(written.includes(SOURCE_LABELS_PATH) ? ["pnpm schemas"] : []),
];
console.log(
  next.length === 0 ? "every file derived from the registry is up to date" : `now: ${next.join(" && ")}`,
);
