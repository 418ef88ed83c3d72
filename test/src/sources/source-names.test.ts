import { readFileSync } from "node:fs";
import { SOURCES } from "@tender/sources";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { loadExport } from "../deploy/service-env.js";

// The web app is a browser bundle: it names the sources from the contracts' list
// (`@tender/contracts/display`), which this keeps equal to the registry's labels.
const sourceName = (await loadExport("packages/web/src/format.ts", "sourceName")) as (code: string) => string;
const readme = readFileSync(repoPath("README.md"), "utf8");

describe("every registered source", () => {
  it.each(SOURCES.map((source) => [source.code, source] as const))(
    "%s: the web app shows its label",
    (_, source) => {
      expect(sourceName(source.code)).toBe(source.label);
    },
  );

  it.each(SOURCES.map((source) => [source.code, source] as const))(
    "%s: the README names it, its service and its settings",
    (_, source) => {
      expect(readme).toContain(source.label);
      expect(readme).toContain(`\`${source.code}\``);
      expect(readme).toContain(source.service);
      for (const setting of Object.keys(source.env.entries))
        expect(readme, setting).toContain(`\`${setting}\``);
    },
  );
});
