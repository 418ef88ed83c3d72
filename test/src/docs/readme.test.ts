// The README's configuration table against what the code reads: every variable of every
// service's and the CLI's `Env` schema has a row, with the right readers and the code's default;
// the demo's own variables are documented too. A renamed or new variable fails here until the
// README follows.
import { SOURCES } from "@tender/sources";
import { describe, expect, it } from "vitest";
import {
  envKeys,
  loadExport,
  loadServiceEnv,
  loadServiceEnvSchemas,
  SERVICES,
  WORKERS,
} from "../deploy/service-env.js";
import {
  configRows,
  expandUsedBy,
  perServiceDefaults,
  readReadme,
  serviceDefaults,
} from "./readme-config.js";

const readme = readReadme();
const rows = configRows(readme);
const serviceEnv = await loadServiceEnv();
const schemas = await loadServiceEnvSchemas();
const demoEnv = envKeys(await loadExport("packages/demo/src/demo-env.ts", "DemoEnv"));
// Read through the shared AiEnv fragment but never used by the indexer (it only embeds).
const READ_BUT_UNUSED: Record<string, string[]> = {
  AI_CHAT_MODEL: ["indexer"],
  AI_MAX_ANSWER_CHARS: ["indexer"],
};

/** The configuration a service gets with nothing but a database URL set: every default. */
const defaults = (service: (typeof SERVICES)[number]) => serviceDefaults(schemas[service], service);

describe("README configuration table", () => {
  it("is found, one row per variable", () => {
    expect(rows.length).toBeGreaterThan(30);
    const names = rows.map((r) => r.variable);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has a row for every variable a service or the CLI reads, and none for anything else", () => {
    const read = new Set(Object.values(serviceEnv).flat());
    expect([...read].filter((v) => !rows.some((r) => r.variable === v))).toEqual([]);
    expect(rows.map((r) => r.variable).filter((v) => !read.has(v))).toEqual([]);
  });

  it("names exactly the readers of each variable", () => {
    for (const row of rows) {
      const readers = Object.entries(serviceEnv)
        .filter(
          ([name, keys]) => keys.includes(row.variable) && !READ_BUT_UNUSED[row.variable]?.includes(name),
        )
        .map(([name]) => name);
      expect([...row.usedBy].sort(), row.variable).toEqual(readers.sort());
    }
  });

  it("states the code's default wherever it gives one as a literal", () => {
    let compared = 0;
    for (const row of rows) {
      if (perServiceDefaults(row.defaultText)) continue;
      const literal = /^`([^`]*)`/.exec(row.defaultText)?.[1];
      const reader = SERVICES.find((s) => (serviceEnv[s] ?? []).includes(row.variable));
      if (literal === undefined || reader === undefined) continue;
      const actual = defaults(reader)[row.variable];
      if (typeof actual === "number") expect(Number(literal), row.variable).toBe(actual);
      else expect(literal, row.variable).toBe(String(actual));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(25);
  });

  it("states each service's own default where they differ, for every reader", () => {
    const perService = rows.flatMap((row) => {
      const parts = perServiceDefaults(row.defaultText);
      return parts ? [{ row, parts }] : [];
    });
    expect(perService.map(({ row }) => row.variable)).toContain("DATABASE_STATEMENT_TIMEOUT_MS");
    for (const { row, parts } of perService) {
      const covered = parts.flatMap((p) => p.services).filter((s) => row.usedBy.includes(s));
      expect(covered.sort(), row.variable).toEqual([...row.usedBy].sort());
      for (const { literal, services } of parts) {
        for (const service of services.filter((s) => row.usedBy.includes(s))) {
          const actual = defaults(service as (typeof SERVICES)[number])[row.variable];
          expect(String(actual), `${row.variable} (${service})`).toBe(literal);
        }
      }
    }
  });

  it("documents the demo's own variables", () => {
    for (const name of demoEnv) expect(readme, name).toContain(`\`${name}\``);
  });

  it("reads `used by` the way the table writes it", () => {
    expect(expandUsedBy("all")).toEqual([...SERVICES]);
    expect(expandUsedBy("workers, CLI")).toEqual([...WORKERS, "cli"]);
    expect(WORKERS).toEqual(expect.arrayContaining(["ingest-source-a", "downloader", "indexer", "notifier"]));
    expect(expandUsedBy("ingest-source-a, -b, -c")).toEqual([
      "ingest-source-a",
      "ingest-source-b",
      "ingest-source-c",
    ]);
    // Every registered source's service, so a new source changes no row of shared settings.
    expect(expandUsedBy("downloader, ingest services")).toEqual([
      "downloader",
      ...SOURCES.map((source) => source.service),
    ]);
    expect(expandUsedBy("ingest services")).toEqual(SERVICES.filter((s) => s.startsWith("ingest-source-")));
  });
});
