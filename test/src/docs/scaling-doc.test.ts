// docs/scaling.md quotes metric names and settings: each must exist, so the advice cannot drift
// from what the services serve and read.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { loadServiceEnv } from "../deploy/service-env.js";
import { configRows, readReadme } from "./readme-config.js";

const doc = readFileSync(repoPath("docs/scaling.md"), "utf8");
const readme = readReadme();
const metricsSection = readme.split(/^## /m).find((s) => s.startsWith("Metrics\n")) ?? "";
// Loaded once, outside the tests: importing every service's Env takes seconds on a busy machine.
const serviceEnv = await loadServiceEnv();

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
});
