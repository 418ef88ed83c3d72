// docs/events.md's table of streams and subjects against the bus's subject catalog: every
// subject on its stream with its durable consumers, every dead-letter subject on the dead-letter
// stream, and no row the catalog does not have; and its follow-up reasons per notice kind
// against the contracts' FOLLOW_UP_REASONS.
import { readFileSync } from "node:fs";
import { ALERT_REASONS, FOLLOW_UP_REASONS } from "@tender/contracts";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { busSubjects } from "./code-facts.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";

const events = readFileSync(repoPath("docs/events.md"), "utf8");
const table = firstTable(sectionOf(events, "## Streams and subjects"));
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

describe("docs/events.md, follow-ups", () => {
  it("gives each kind of notice the follow-up reason the code gives it, and no other kind one", () => {
    const rows = firstTable(sectionOf(events, "### Follow-ups")).rows.flatMap(([kinds = "", reason = ""]) =>
      codeSpans(kinds).map((kind) => [kind, codeSpans(reason)[0]] as const),
    );
    expect(Object.fromEntries(rows)).toEqual(FOLLOW_UP_REASONS);
    expect(Object.values(FOLLOW_UP_REASONS).every((r) => ALERT_REASONS.includes(r))).toBe(true);
  });
});
