// The README's Metrics table against the code that registers the metrics: every `tender_*` name
// a metrics module of a package or service declares has a row, every row names one of them (or
// Node's default metrics, `tender_process_*`), and a metric of one service is served by it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, repoPath } from "../deploy/repo-path.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";
import { readReadme } from "./readme-config.js";

const table = firstTable(sectionOf(readReadme(), "## Metrics"));
const modules = execFileSync(
  "git",
  [
    "ls-files",
    "--cached",
    "--others",
    "--exclude-standard",
    "packages/*/src/*metric*.ts",
    "services/*/src/*metric*.ts",
    "services/*/src/**/*metric*.ts",
  ],
  { cwd: REPO_ROOT, encoding: "utf8" },
)
  .split("\n")
  .filter((file) => file !== "" && !file.endsWith(".test.ts"));
/** Each metric name the code declares, with the file declaring it. */
const declared = modules.flatMap((file) =>
  [...readFileSync(repoPath(file), "utf8").matchAll(/"(tender_[a-z_]+)"/g)].map((m) => ({
    name: m[1] ?? "",
    file,
  })),
);

describe("the README's Metrics table", () => {
  it("is found, and so are the metrics modules", () => {
    expect(table.header.slice(0, 4)).toEqual(["metric", "type", "labels", "served by"]);
    expect(declared.length).toBeGreaterThan(15);
  });

  it("has a row for every metric the code declares, and none for another", () => {
    const rows = table.rows
      .flatMap(([metric = ""]) => codeSpans(metric))
      .filter((name) => !name.includes("*"));
    expect([...rows].sort()).toEqual([...new Set(declared.map((d) => d.name))].sort());
  });

  it("says a service's own metric is served by that service", () => {
    for (const { name, file } of declared) {
      const service = /^services\/([^/]+)\//.exec(file)?.[1];
      if (service === undefined) continue;
      const row = table.rows.find(([metric = ""]) => codeSpans(metric).includes(name));
      expect(row?.[3], name).toBe(service);
    }
  });
});
