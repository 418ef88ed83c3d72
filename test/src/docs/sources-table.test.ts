// What the docs say per source, against the registry (`@tender/sources`): the README's Sources
// table (one row per source, in the registry's order, with its code, label, service and settings,
// every default it states equal to the code's), every `--source a|b|c`, docs/records.md's tables
// per source, and each source's document hosts where the downloader's README and the
// configuration table list them. A new source fails here until the docs name it.
import { readFileSync } from "node:fs";
import { SOURCES } from "@tender/sources";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";
import { readReadme } from "./readme-config.js";

const table = firstTable(sectionOf(readReadme(), "### Sources"));
// "`CF_STAGES`, `tender` by default", or "`tender` by default" alone (then a setting of the row has it).
const STATED_DEFAULT = /(?:`([A-Z][A-Z0-9_]+)`, )?`([^`]+)` by default/g;

/** What each setting of a source is when nothing is set. */
function defaultsOf(source: (typeof SOURCES)[number]): Record<string, unknown> {
  const parsed = v.safeParse(source.env, {});
  if (!parsed.success)
    throw new Error(`${source.code}: its settings need a value: ${parsed.issues[0].message}`);
  return parsed.output as Record<string, unknown>;
}

describe("the README's Sources table", () => {
  it("has the columns it is read by", () => {
    expect(table.header).toEqual(["code", "label", "service", "settings", "what it covers"]);
  });

  it("lists every registered source once, in the registry's order, with its code, label and service", () => {
    const rows = table.rows.map(([code = "", label, service]) => ({
      code: codeSpans(code)[0],
      label,
      service,
    }));
    expect(rows).toEqual(SOURCES.map((s) => ({ code: s.code, label: s.label, service: s.service })));
  });

  it("names exactly each source's own settings, in the order its schema declares them", () => {
    for (const [index, source] of SOURCES.entries()) {
      expect(codeSpans(table.rows[index]?.[3] ?? ""), source.code).toEqual(Object.keys(source.env.entries));
    }
  });

  it("states each default as the code has it", () => {
    let stated = 0;
    for (const [index, source] of SOURCES.entries()) {
      const defaults = defaultsOf(source);
      const text = table.rows[index]?.[4] ?? "";
      for (const [, name, literal = ""] of text.matchAll(STATED_DEFAULT)) {
        stated += 1;
        if (name !== undefined) {
          expect(Object.keys(defaults), `${name} is not a setting of ${source.code}`).toContain(name);
          expect(literal, `${source.code}: ${name}`).toBe(String(defaults[name]));
        } else {
          // "`tender` by default" alone: some setting of this source must have that default.
          const settings = Object.keys(defaults).filter((key) => String(defaults[key]) === literal);
          expect(settings, `${source.code}: no setting defaults to ${literal}`).not.toEqual([]);
        }
      }
    }
    // The stages of both OCDS sources at least (they were once swapped).
    expect(stated).toBeGreaterThanOrEqual(SOURCES.length);
  });

  it("and every `--source a|b|c` the docs write list the registry's codes", () => {
    const files = ["README.md", "packages/cli/README.md", "docs/api.md", "docs/records.md", "docs/events.md"];
    const choices = files.flatMap((file) =>
      [...readFileSync(repoPath(file), "utf8").matchAll(/--source ([a-z_]+(?:\|[a-z_]+)+)/g)].map((m) => ({
        file,
        codes: m[1]?.split("|"),
      })),
    );
    expect(choices.length).toBeGreaterThan(2);
    for (const { file, codes } of choices) expect(codes, file).toEqual(SOURCES.map((s) => s.code));
  });
});

// docs/records.md's tables "per source": every registered source in exactly one row, by the name
// of its label ("Find a Tender" of "Find a Tender (UK)"), so a new source needs its own row.
const records = readFileSync(repoPath("docs/records.md"), "utf8");
const PER_SOURCE = ["## Facets per source", "## Procedures", "### Per source"];

describe("docs/records.md's tables per source", () => {
  it.each(PER_SOURCE)("%s: one row for each registered source", (heading) => {
    const { header, rows } = firstTable(sectionOf(records, heading));
    expect(header[0]).toBe("source");
    const named = rows.flatMap(([first = ""]) =>
      first
        .replace(/\([^)]*\)/g, "")
        .split(",")
        .map((name) => name.trim()),
    );
    const names = SOURCES.map((source) => source.label.replace(/\s*\([^)]*\)$/, ""));
    expect([...named].sort()).toEqual([...names].sort());
  });
});

describe("each source's document hosts, where the docs list them", () => {
  const hosts = (source: (typeof SOURCES)[number]) => [...source.documentHosts].sort();

  it("in the downloader's README, one line per source", () => {
    const text = readFileSync(repoPath("services/downloader/README.md"), "utf8");
    const listed = [...text.matchAll(/^\s+- `([a-z_]+)` → (.*)$/gm)].map((m) => ({
      code: m[1],
      hosts: codeSpans(m[2] ?? "")
        .filter((span) => span.includes("."))
        .sort(),
    }));
    expect(listed).toEqual(SOURCES.map((source) => ({ code: source.code, hosts: hosts(source) })));
  });

  it("in the README's DOWNLOAD_ALLOWED_HOSTS row", () => {
    const row = readReadme()
      .split("\n")
      .find((line) => line.startsWith("| `DOWNLOAD_ALLOWED_HOSTS` |"));
    const named = codeSpans(row ?? "").filter((span) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(span));
    expect(named.sort()).toEqual(SOURCES.flatMap(hosts).sort());
  });
});
