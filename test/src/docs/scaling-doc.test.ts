// docs/scaling.md quotes metric names and settings: each must exist, so the advice cannot drift
// from what the services serve and read.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { loadServiceEnv, loadServiceEnvSchemas, SERVICES } from "../deploy/service-env.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";
import { configRows, readReadme, serviceDefaults } from "./readme-config.js";

const doc = readFileSync(repoPath("docs/scaling.md"), "utf8");
const readme = readReadme();
const metricsSection = readme.split(/^## /m).find((s) => s.startsWith("Metrics\n")) ?? "";
// Loaded once, outside the tests: importing every service's Env takes seconds on a busy machine.
const serviceEnv = await loadServiceEnv();
const schemas = await loadServiceEnvSchemas();

const defaultsOf = (service: string) => serviceDefaults(schemas[service], service);

describe("docs/scaling.md", () => {
  it("names only metrics the README lists", () => {
    const quoted = new Set(
      [...doc.matchAll(/\btender_[a-z_]+[a-z]/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, "")),
    );
    expect(quoted.size).toBeGreaterThan(5);
    for (const name of quoted) expect(metricsSection, name).toContain(`\`${name}\``);
  });

  it("names only settings a service reads, with the README's defaults", () => {
    const read = new Set(Object.values(serviceEnv).flat());
    const names = [...doc.matchAll(/`([A-Z][A-Z0-9_]{3,})`/g)].map((m) => m[1] ?? "");
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(read.has(name), name).toBe(true);
    const rows = configRows(readme);
    expect(rows.find((r) => r.variable === "SEARCH_DEADLINE_MS")?.defaultText).toMatch(/^`15000`/);
    expect(rows.find((r) => r.variable === "MESSAGE_MAX_HANDLING_MS")?.defaultText).toMatch(/^`900000`/);
  });

  it("states in its table of waits each setting's default as the services have it", () => {
    const rows = firstTable(sectionOf(doc, "## Nothing waits forever")).rows;
    const unit: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 };
    let compared = 0;
    for (const [, bound = "", stated = ""] of rows) {
      const setting = codeSpans(bound)[0] ?? "";
      for (const part of stated.split(/,\s*/)) {
        const m = /^(?:(gateway|workers) )?(\d+) (ms|s|min|h)$/.exec(part.trim());
        expect(m, `${setting}: "${part}"`).not.toBeNull();
        const [, who, amount = "", per = "ms"] = m ?? [];
        const readers = SERVICES.filter((s) => (serviceEnv[s] ?? []).includes(setting));
        const services =
          who === "gateway"
            ? ["gateway"]
            : who === "workers"
              ? readers.filter((s) => s !== "gateway")
              : readers;
        expect(services.length, setting).toBeGreaterThan(0);
        for (const service of services) {
          expect(defaultsOf(service)[setting], `${setting} (${service})`).toBe(
            Number(amount) * (unit[per] ?? 1),
          );
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(5);
  });
});
