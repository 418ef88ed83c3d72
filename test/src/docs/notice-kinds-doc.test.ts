// docs/records.md prints the one notice-kind table: each of its three tables must equal the
// code's, so the doc cannot drift from what every path does.
import { readFileSync } from "node:fs";
import { NOTICE_KIND_TABLE } from "@tender/contracts";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";

const section =
  readFileSync(repoPath("docs/records.md"), "utf8")
    .split(/^### /m)
    .find((s) => s.startsWith("Notice kinds\n")) ?? "";

/** The rows `| \`code\` | kind |` of the table whose header names `column`, in order. */
function table(column: string): [string, string][] {
  const start = section.indexOf(`| ${column} | kind |`);
  if (start < 0) return [];
  const lines = section.slice(start).split("\n").slice(2);
  const rows = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith("|")),
  );
  return rows.map((row) => {
    const [, code = "", kind = ""] = /^\| `([^`]+)` \| (\w+) \|$/.exec(row) ?? [];
    return [code, kind];
  });
}

describe("docs/records.md › Notice kinds", () => {
  it("prints the notice type table", () => {
    expect(table("notice type")).toEqual(Object.entries(NOTICE_KIND_TABLE.noticeTypes));
  });

  it("prints the form type table", () => {
    expect(table("form type")).toEqual(Object.entries(NOTICE_KIND_TABLE.formTypes));
  });

  it("prints the OCDS tag table, in its order", () => {
    expect(table("tag")).toEqual(NOTICE_KIND_TABLE.ocdsTags.map(([tag, kind]) => [tag, kind]));
  });

  it("names the cancelling change reasons", () => {
    for (const reason of NOTICE_KIND_TABLE.cancellingChangeReasons)
      expect(section).toContain(`\`${reason}\``);
  });
});
