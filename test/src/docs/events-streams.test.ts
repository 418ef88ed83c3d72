// docs/events.md's table of streams and subjects against the bus's subject catalog: every
// subject on its stream with its durable consumers, every dead-letter subject on the dead-letter
// stream, and no row the catalog does not have.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { busSubjects } from "./code-facts.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";

const table = firstTable(
  sectionOf(readFileSync(repoPath("docs/events.md"), "utf8"), "## Streams and subjects"),
);
const subjects = busSubjects();

/** "stream subject" → its durable consumers, as the table writes them ("none (operators)": none). */
const documented = new Map(
  table.rows.flatMap(([stream = "", subject = "", , , consumers = ""]) =>
    codeSpans(subject).map(
      (name) => [`${codeSpans(stream)[0]} ${name}`, codeSpans(consumers).sort()] as const,
    ),
  ),
);

describe("docs/events.md, streams and subjects", () => {
  it("is the table it is read as", () => {
    expect(table.header).toEqual(["stream", "subject", "body", "written by", "durable consumers"]);
  });

  it("lists every subject of the catalog with its stream and consumers, and its dead letters", () => {
    const expected = new Map(
      subjects.flatMap((s) => [
        [`${s.stream} ${s.subject}`, [...s.consumers].sort()] as const,
        [`${s.dlqStream} ${s.dlqSubject}`, [] as string[]] as const,
      ]),
    );
    expect(expected.size).toBeGreaterThanOrEqual(4);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(expected));
  });
});
