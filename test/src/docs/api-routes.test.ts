// The routes the docs list against the gateway's OpenAPI document: the README's API table and
// docs/api.md's endpoint table each name every operation (method and path) once and nothing
// else; the README's browsing row names every query parameter and sort of the contracts, and its
// facets row every count. A new route or parameter fails here until the docs list it.
import { readFileSync } from "node:fs";
import {
  browseParameters,
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  FacetsResponse,
  TENDER_SORTS,
} from "@tender/contracts";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { gatewayOperations, workspaceFolders } from "./code-facts.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";
import { readReadme } from "./readme-config.js";

const operations = await gatewayOperations();
const readme = readReadme();
const readmeTable = firstTable(sectionOf(readme, "## API"));
const apiTable = firstTable(sectionOf(readFileSync(repoPath("docs/api.md"), "utf8"), "## Endpoints"));

/** "GET, DELETE" and "`/a`, `/b?token=`" → "GET /a", "DELETE /a", … (query strings left out). */
function listedOperations(rows: string[][]): string[] {
  return rows
    .flatMap(([methods = "", paths = ""]) =>
      methods
        .split(",")
        .flatMap((method) =>
          codeSpans(paths).map((path) => `${method.trim().toUpperCase()} ${path.replace(/\?.*$/, "")}`),
        ),
    )
    .sort();
}

/** The last cell of the README's row for `method path`. */
function readmeRow(method: string, path: string): string {
  const row = readmeTable.rows.find(([m = "", p = ""]) => m.includes(method) && codeSpans(p).includes(path));
  return row?.at(-1) ?? "";
}

describe("the documented routes", () => {
  it("are found: the OpenAPI document and both tables", () => {
    expect(operations.length).toBeGreaterThan(15);
    expect(readmeTable.header.slice(0, 2)).toEqual(["method", "path"]);
    expect(apiTable.header.slice(0, 2)).toEqual(["method", "path"]);
  });

  it("in the README are exactly the gateway's operations", () => {
    expect(listedOperations(readmeTable.rows)).toEqual(operations);
  });

  it("in docs/api.md are exactly the gateway's operations", () => {
    expect(listedOperations(apiTable.rows)).toEqual(operations);
  });

  it("name every browsing parameter and sort, and every facet count", () => {
    const browsing = codeSpans(readmeRow("GET", "/api/v1/tenders"));
    expect([...browseParameters(true), ...TENDER_SORTS].filter((name) => !browsing.includes(name))).toEqual(
      [],
    );
    const facets = readmeRow("GET", "/api/v1/facets");
    const counts = /`\{([^}]*)\}`/
      .exec(facets)?.[1]
      ?.split(",")
      .map((key) => key.trim());
    expect(counts).toEqual(Object.keys(FacetsResponse.entries));
  });
});

describe("the README's repository layout", () => {
  it("names every service and every package", () => {
    const layout = codeSpans(sectionOf(readme, "## Repository layout"));
    const folders = [...workspaceFolders("services"), ...workspaceFolders("packages")];
    expect(folders.filter((folder) => !layout.includes(folder))).toEqual([]);
  });
});

describe("the documented error codes", () => {
  it("in docs/api.md's table are the closed list, each with its status", () => {
    const api = readFileSync(repoPath("docs/api.md"), "utf8");
    const rows = firstTable(sectionOf(api, "## Errors")).rows.map(([code = "", status = ""]) => [
      codeSpans(code)[0],
      Number(status),
    ]);
    expect(Object.fromEntries(rows)).toEqual(ERROR_HTTP_STATUS);
    expect(rows.map(([code]) => code).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("in the README are every code, each followed by its status", () => {
    const codes = /Codes: ([\s\S]*?)\.\n/.exec(sectionOf(readme, "## API"))?.[1]?.replace(/\s+/g, " ") ?? "";
    // "`a` 401" or, for codes sharing a status, "`a` / `b` 401".
    for (const code of ERROR_CODES) {
      const stated = new RegExp(`\`${code}\`(?: / \`[a-z_]+\`)* ${ERROR_HTTP_STATUS[code]}\\b`);
      expect(codes, code).toMatch(stated);
    }
  });
});
