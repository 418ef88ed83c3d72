// Every document a file of this repository names is in the repository: the docs, READMEs and
// code comments point at docs/ or at code, never at the specification kept beside the project.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../deploy/repo-path.js";
import { brokenReferences, headingAnchor, markdownAnchors, repositoryView } from "./broken-references.js";

const BINARY = /\.(png|jpe?g|gif|ico|pdf|docx?|xlsx?|odt|zip|gz|woff2?)$/i;
// This file quotes the old, broken references on purpose, as the cases below.
const SELF = "test/src/docs/broken-references.test.ts";
// Tracked files and new ones not yet added, so the check holds before a commit too.
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: REPO_ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f !== "");
const read = (path: string) => readFileSync(`${REPO_ROOT}${path}`, "utf8");
const repo = repositoryView(files, read);

const small = repositoryView(
  ["README.md", "docs/api.md", "docs/events.md", "packages/db/README.md", "packages/db/src/index.ts"],
  (path) => (path === "docs/api.md" ? "# API\n\n## Rate limit\n\n## Errors\n" : "# Title\n"),
);
const check = (text: string, file = "packages/db/src/index.ts") => brokenReferences(file, text, small);

describe("document references in the repository", () => {
  it("resolve, in every tracked text file", () => {
    const text = files.filter((f) => !BINARY.test(f) && f !== SELF && f !== "pnpm-lock.yaml");
    expect(text.length).toBeGreaterThan(500);
    const broken = text.flatMap((file) => brokenReferences(file, read(file), repo));
    expect(broken.map((b) => `${b.file}:${b.line}: ${b.reason}: ${b.text}`)).toEqual([]);
  });
});

describe("brokenReferences", () => {
  it("refuses the specification's files, its folder and its sections", () => {
    expect(check("// Bounded (RECORD_LIMITS, extensions.md section 7).")).toHaveLength(1);
    expect(check('/** The error table (decisions.md, "HTTP"). */')).toHaveLength(1);
    expect(check("following `service-spec.md` section 3.2.")).toHaveLength(1);
    expect(check("see [the spec](../shared/spec/service-spec.md)", "README.md").length).toBeGreaterThan(0);
    expect(check("copied from ../shared/datasets/ted/page-1.json")).toHaveLength(1);
    expect(check("// The per-key limit (spec 8.2).")).toHaveLength(1);
  });

  it("accepts documents of the repository, from the root or relative, with existing anchors", () => {
    expect(check("// The window: docs/api.md#rate-limit.")).toEqual([]);
    expect(check("See [errors](../../../docs/api.md#errors) and [the db](../README.md).")).toEqual([]);
    expect(check("[events](docs/events.md), [db](packages/db/README.md)", "README.md")).toEqual([]);
    expect(check("its own README.md, [API](#api)", "docs/api.md")).toEqual([]);
    expect(check("[code](packages/db/src/index.ts) and [folder](packages/db/)", "README.md")).toEqual([]);
  });

  it("accepts external addresses", () => {
    expect(check("[OGL](https://example.org/licence/terms.md) http://127.0.0.1:4222/x.md")).toEqual([]);
    expect(check("[mail](mailto:someone@example.org)")).toEqual([]);
  });

  it("refuses missing anchors and missing files", () => {
    expect(check("// docs/api.md#rate-limits")[0]?.reason).toMatch(/no heading for #rate-limits/);
    expect(check("[x](docs/records.md)", "README.md")[0]?.reason).toMatch(/not in the repository/);
    expect(check("[x](docs/missing-folder/)", "README.md")[0]?.reason).toMatch(/not in the repository/);
    expect(check("[x](#nowhere)", "docs/api.md")[0]?.reason).toMatch(/no heading/);
  });

  it("reports any .md name that no file has, wherever it stands on a line", () => {
    const name = fc
      .stringMatching(/^[a-z][a-z0-9-]{0,20}$/)
      .filter((n) => !["readme", "api", "events"].includes(n));
    const around = fc.constantFrom("", "// ", " * (", "see `", "[x](", "- ");
    fc.assert(
      fc.property(name, around, fc.constantFrom("", "docs/", "./", "../"), (base, before, folder) => {
        const problems = check(`${before}${folder}${base}.md section 2`, "docs/api.md");
        expect(problems.length).toBeGreaterThan(0);
      }),
    );
  });

  it("never throws on hostile text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        expect(Array.isArray(check(text))).toBe(true);
      }),
    );
  });
});

describe("markdownAnchors", () => {
  it("makes GitHub's anchors, numbering repeats and skipping fenced code", () => {
    const anchors = markdownAnchors(
      "# Tender search\n## Rate limit\n```\n# not a heading\n```\n## Rate limit\n### `X-Request-ID` and errors\n",
    );
    expect([...anchors]).toEqual(["tender-search", "rate-limit", "rate-limit-1", "x-request-id-and-errors"]);
    expect(headingAnchor("Cursors: opaque, signed, keyset")).toBe("cursors-opaque-signed-keyset");
  });
});
