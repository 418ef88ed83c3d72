// What the docs say per source, against the registry (`@tender/sources`): the README's Sources
// table (one row per source, in the registry's order, with its code, label, service, settings and
// document hosts, every default it states equal to the code's), any `--source a|b|c`, and
// docs/records.md's tables per source. A new source fails here until the README's table names
// it, and needs no edit anywhere else these tests read.
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
    expect(table.header).toEqual([
      "code",
      "label",
      "service",
      "settings",
      "documents from",
      "what it covers",
    ]);
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

  it("gives each source's document hosts", () => {
    for (const [index, source] of SOURCES.entries()) {
      expect(codeSpans(table.rows[index]?.[4] ?? "").sort(), source.code).toEqual(
        [...source.documentHosts].sort(),
      );
    }
  });

  it("states each default as the code has it", () => {
    let stated = 0;
    for (const [index, source] of SOURCES.entries()) {
      const defaults = defaultsOf(source);
      const text = table.rows[index]?.[5] ?? "";
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
    // Written as `--source <code>` mostly; an enumeration, where there is one, is complete.
    for (const { file, codes } of choices) expect(codes, file).toEqual(SOURCES.map((s) => s.code));
  });
});

// docs/records.md's tables "per source" name sources by the name of their label ("Find a Tender"
// of "Find a Tender (UK)"), each at most once, and only registered ones; a row may serve every
// OCDS source, so a new one needs no edit there.
const records = readFileSync(repoPath("docs/records.md"), "utf8");
const PER_SOURCE = ["## Facets per source", "## Procedures", "### Per source"];

describe("docs/records.md's tables per source", () => {
  it.each(PER_SOURCE)("%s: registered sources only, each in one row at most, TED in its own", (heading) => {
    const { header, rows } = firstTable(sectionOf(records, heading));
    expect(header[0]).toBe("source");
    const named = rows.flatMap(([first = ""]) =>
      first
        .replace(/\([^)]*\)/g, "")
        .split(",")
        .map((name) => name.trim()),
    );
    const names = SOURCES.map((source) => source.label.replace(/\s*\([^)]*\)$/, ""));
    expect(named.filter((name) => !names.includes(name))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
    expect(named).toContain("TED");
  });
});

describe("each source's document hosts, where the docs used to list them", () => {
  it("are left to the Sources table: the downloader's README and the configuration row point to it", () => {
    const hosts = SOURCES.flatMap((source) => source.documentHosts);
    const downloader = readFileSync(repoPath("services/downloader/README.md"), "utf8");
    const row = readReadme()
      .split("\n")
      .find((line) => line.startsWith("| `DOWNLOAD_ALLOWED_HOSTS` |"));
    for (const text of [downloader, row ?? ""]) {
      expect(text).toMatch(/documents from/);
      // A partial copy of the list is how the downloader's README came to lack Find a Tender.
      expect(hosts.filter((host) => text.includes(`\`${host}\``))).toEqual([]);
    }
  });
});
