// ARCHITECTURE.md against the code: its event-flow diagram names every service (services/), every
// stream, subject and durable consumer of the bus's subject catalog and every table of the
// database; its tables have one row per service and per package; the gateway's row names every
// route of the OpenAPI document. A new service, subject, table or route fails here until the
// architecture says where it stands.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { busSubjects, databaseTables, gatewayOperations, workspaceFolders } from "./code-facts.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";

const architecture = readFileSync(repoPath("ARCHITECTURE.md"), "utf8");
const diagram = /```\n([\s\S]*?)```/.exec(sectionOf(architecture, "## Event flow"))?.[1] ?? "";
// The PostgreSQL box of the diagram: from its top line to its bottom line.
const database = /┌[─ ]*PostgreSQL[^\n]*\n([\s\S]*?)\n\s*└/.exec(diagram)?.[1] ?? "";
const services = workspaceFolders("services");
const operations = await gatewayOperations();

/** Whether `name` stands in `text` as a whole name (not inside a longer one). */
const names = (text: string, name: string) =>
  new RegExp(`(^|[^\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w-])`, "m").test(text);

/** The names a table's first column links: "[`gateway`](…)" → "gateway". */
const rowNames = (heading: string) =>
  firstTable(sectionOf(architecture, heading)).rows.map(([first = ""]) => codeSpans(first)[0] ?? first);

describe("ARCHITECTURE.md's event-flow diagram", () => {
  it("is found, with its database box", () => {
    expect(diagram.split("\n").length).toBeGreaterThan(30);
    expect(database.split("\n").length).toBeGreaterThan(2);
  });

  it("names every service", () => {
    expect(services.length).toBeGreaterThan(5);
    expect(services.filter((service) => !names(diagram, service))).toEqual([]);
  });

  it("names every stream, subject and durable consumer of the bus", () => {
    const subjects = busSubjects();
    const wanted = subjects.flatMap((s) => [s.stream, s.subject, s.dlqStream, s.dlqSubject, ...s.consumers]);
    expect(wanted.length).toBeGreaterThan(6);
    expect([...new Set(wanted)].filter((name) => !names(diagram, name))).toEqual([]);
  });

  it("names every table of the database inside its PostgreSQL box", () => {
    const tables = databaseTables();
    expect(tables).toEqual(expect.arrayContaining(["tenders", "awards", "organisations", "email_messages"]));
    expect(tables.filter((table) => !names(database, table))).toEqual([]);
    const boxed = [...database.matchAll(/\b[a-z]+(?:_[a-z]+)*\b/g)].map((m) => m[0]);
    expect(boxed.filter((word) => word.includes("_") && !tables.includes(word))).toEqual([]);
  });

  it("says how many services there are wherever the docs count them", () => {
    const words = [
      "two",
      "three",
      "four",
      "five",
      "six",
      "seven",
      "eight",
      "nine",
      "ten",
      "eleven",
      "twelve",
    ];
    const count = words[services.length - 2];
    for (const file of ["ARCHITECTURE.md", "README.md", "docs/scaling.md", "docs/events.md"]) {
      const text = readFileSync(repoPath(file), "utf8");
      for (const [, word = ""] of text.matchAll(/\b(\w+) (?:independent )?(?:services|deployables)\b/gi)) {
        if (words.includes(word.toLowerCase())) expect(word.toLowerCase(), file).toBe(count);
      }
    }
  });
});

describe("ARCHITECTURE.md's tables", () => {
  it("have one row per service and one per package", () => {
    expect([...rowNames("## Deployables (`services/`)")].sort()).toEqual(services);
    const packages = workspaceFolders("packages").map((name) => `@tender/${name}`);
    expect([...rowNames("## Libraries (`packages/`)")].sort()).toEqual(packages.sort());
  });

  it("name every route of the gateway in its row", () => {
    const row = firstTable(sectionOf(architecture, "## Deployables (`services/`)")).rows.find(
      ([first = ""]) => codeSpans(first)[0] === "gateway",
    );
    const paths = [...new Set(operations.map((operation) => operation.split(" ")[1] ?? ""))];
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !codeSpans(row?.[1] ?? "").includes(path))).toEqual([]);
  });
});
