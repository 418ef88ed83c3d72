// The services' READMEs against their configuration parsers: a "Variable | Default" table lists
// each variable only this service reads, with the code's default, and names nothing the service
// does not read; every setting any service README quotes is one the system reads.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, repoPath } from "../deploy/repo-path.js";
import { loadExport, loadServiceEnv, loadServiceEnvSchemas, SERVICES } from "../deploy/service-env.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";
import { serviceDefaults } from "./readme-config.js";

const serviceEnv = await loadServiceEnv();
const schemas = await loadServiceEnvSchemas();
const readme = (service: string) => readFileSync(repoPath(`services/${service}/README.md`), "utf8");
const withTables = SERVICES.filter(
  (s) => firstTable(sectionOf(readme(s), "## Configuration")).header[0] === "Variable",
);
const SETTING = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

const defaults = (service: string) => serviceDefaults(schemas[service], service);

/** An empty list as "[]", so "empty" can state it; anything else unchanged. */
const emptyOrValue = (value: unknown) => (Array.isArray(value) && value.length === 0 ? "[]" : value);

/**
 * "`fs`", "10", "512 (at least 128…)", "required", "none", "empty" → the value it states; false
 * for prose ("derived from …"), which states no literal.
 */
function statedValue(text: string): string | undefined | null | false {
  const value = text.replace(/\s*\(.*$/, "").trim();
  if (value === "required") return null;
  if (value === "none" || value === "empty") return undefined;
  if (/^`[^`]*`$/.test(value)) return value.slice(1, -1);
  return /^-?\d+(\.\d+)?$/.test(value) ? value : false;
}

describe("service READMEs", () => {
  it("the downloader's and the indexer's have a configuration table", () => {
    expect(withTables).toEqual(expect.arrayContaining(["downloader", "indexer"]));
  });

  it.each(withTables)("%s: its table states the code's defaults of variables it reads", (service) => {
    const values = defaults(service);
    const rows = firstTable(sectionOf(readme(service), "## Configuration")).rows;
    for (const [names = "", stated = ""] of rows) {
      const variables = codeSpans(names);
      const texts = variables.length > 1 ? stated.split(/,\s*/) : [stated];
      expect(texts.length, names).toBe(variables.length);
      for (const [i, variable] of variables.entries()) {
        expect(serviceEnv[service], `${service} reads ${variable}`).toContain(variable);
        const value = statedValue(texts[i] ?? "");
        if (value === false) continue;
        if (value === null) expect(variable).toBe("DATABASE_URL");
        else if (value === undefined)
          expect([undefined, "", "[]"], variable).toContain(emptyOrValue(values[variable]));
        else expect(value, variable).toBe(String(values[variable]));
      }
    }
  });

  it.each(withTables)("%s: its table lists every variable that only it reads", (service) => {
    const listed = firstTable(sectionOf(readme(service), "## Configuration")).rows.flatMap(([n = ""]) =>
      codeSpans(n),
    );
    const own = (serviceEnv[service] ?? []).filter((variable) =>
      Object.entries(serviceEnv).every(([other, keys]) => other === service || !keys.includes(variable)),
    );
    expect(own.length).toBeGreaterThan(3);
    expect(own.filter((variable) => !listed.includes(variable))).toEqual([]);
  });

  it("quote only settings the system reads", () => {
    const read = new Set(Object.values(serviceEnv).flat());
    const quoted = SERVICES.filter((s) => existsSync(repoPath(`services/${s}/README.md`))).flatMap((s) =>
      codeSpans(readme(s))
        .map((span) => span.replace(/=.*$/, ""))
        .filter((span) => SETTING.test(span) && !span.endsWith("_"))
        .map((name) => ({ service: s, name })),
    );
    expect(quoted.length).toBeGreaterThan(20);
    // A constant of the code (`SOURCE_DOWNLOAD_HOSTS`) is quoted as itself, not as a setting.
    const constant = (name: string) => {
      try {
        const args = ["grep", "-q", "-E", `const ${name}\\b`, "--", "packages", "services"];
        execFileSync("git", args, { cwd: REPO_ROOT });
        return true;
      } catch {
        return false; // git grep exits 1 when nothing matches
      }
    };
    expect(quoted.filter(({ name }) => !read.has(name) && !constant(name))).toEqual([]);
  });

  it("the CLI's README states the CLI's own defaults", async () => {
    const cli = {
      ...(v.parse(
        (await loadExport("packages/cli/src/cli-env.ts", "CliEnv")) as v.GenericSchema,
        {},
      ) as object),
      ...(v.parse(
        (await loadExport("packages/cli/src/bus-env.ts", "CliBusEnv")) as v.GenericSchema,
        {},
      ) as object),
    } as Record<string, unknown>;
    const rows = firstTable(readFileSync(repoPath("packages/cli/README.md"), "utf8")).rows;
    expect(rows.map(([name = ""]) => codeSpans(name)[0])).toEqual(["DATABASE_URL", "NATS_URL", "BUS_PREFIX"]);
    for (const [name = "", stated = ""] of rows) {
      const variable = codeSpans(name)[0] ?? "";
      const value = statedValue(stated);
      if (value === undefined) expect(cli[variable], variable).toBeUndefined();
      else expect(value, variable).toBe(String(cli[variable]));
    }
  });
});
