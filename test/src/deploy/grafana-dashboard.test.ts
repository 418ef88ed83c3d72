// deploy/grafana/tender-search.json queries only metrics the services serve (the README's list,
// and Node's default ones), so a renamed metric cannot leave a silently empty panel.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readReadme } from "../docs/readme-config.js";
import { repoPath } from "./repo-path.js";

interface Panel {
  id: number;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets: { expr: string }[];
}
const dashboard = JSON.parse(readFileSync(repoPath("deploy/grafana/tender-search.json"), "utf8")) as {
  uid: string;
  panels: Panel[];
};
const metricsSection =
  readReadme()
    .split(/^## /m)
    .find((s) => s.startsWith("Metrics\n")) ?? "";
const listed = new Set([...metricsSection.matchAll(/`(tender_[a-z_]+)`/g)].map((m) => m[1]));

describe("Grafana dashboard", () => {
  it("has a panel for every metric the README lists, with unique ids", () => {
    const queried = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join("\n");
    for (const name of listed) expect(queried, name).toContain(name);
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    expect(dashboard.uid).toBe("tender-search");
  });

  it("queries only listed metrics (with their _bucket/_count series) or Node's default ones", () => {
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        for (const [name] of expr.matchAll(/\btender_[a-z0-9_]+/g)) {
          const base = name.replace(/_(bucket|count|sum)$/, "");
          const known = listed.has(base) || /^tender_(process|nodejs)_/.test(name);
          expect(known, `${panel.title}: ${name}`).toBe(true);
        }
      }
    }
  });
});
