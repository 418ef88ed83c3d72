// The docs' tables of fields against the contracts they describe: a record's, an event's, the
// filters' and the streamed Ask's events each have one row per field of the schema (rows may
// group fields: "`amount_min`, `amount_max`"), in the schema's order, and no other.
import { readFileSync } from "node:fs";
import {
  AttachmentRecordV1,
  TENDER_FILTER_KEYS,
  TenderChangedV1,
  TenderIndexedV1,
  TenderRecordV1,
} from "@tender/contracts";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { openApiDocument } from "./code-facts.js";
import { codeSpans, firstTable, sectionOf } from "./markdown-table.js";

interface SchemaNode {
  entries?: Record<string, unknown>;
  pipe?: SchemaNode[];
}

/** The keys of an object schema, through the pipes around it. */
function objectKeys(schema: unknown): string[] {
  const node = schema as SchemaNode;
  if (node.entries) return Object.keys(node.entries);
  if (node.pipe?.[0]) return objectKeys(node.pipe[0]);
  throw new Error("not an object schema");
}

/** The fields a table names in its first column, in order. */
function documented(file: string, heading: string): string[] {
  const { rows } = firstTable(sectionOf(readFileSync(repoPath(file), "utf8"), heading));
  return rows.flatMap(([first = ""]) => codeSpans(first));
}

/** The fields `AttachmentRecordV1`'s paragraph names, in order ("`external_id` (string …)"). */
function attachmentParagraph(): string[] {
  const text = sectionOf(readFileSync(repoPath("docs/records.md"), "utf8"), "### Attachment records");
  return [...text.matchAll(/`([a-z_]+)` \(/g)].map((m) => m[1] ?? "");
}

describe("tables of fields", () => {
  it.each([
    ["docs/records.md", "## TenderRecordV1", TenderRecordV1],
    ["docs/events.md", "## TenderChangedV1", TenderChangedV1],
    ["docs/events.md", "## TenderIndexedV1", TenderIndexedV1],
  ])("%s %s: one row per field of the contract", (file, heading, schema) => {
    expect(documented(file, heading)).toEqual(objectKeys(schema));
  });

  it("docs/records.md names each field of AttachmentRecordV1", () => {
    expect(attachmentParagraph()).toEqual(objectKeys(AttachmentRecordV1));
  });

  it("docs/api.md's filters are the contract's keys", () => {
    expect(documented("docs/api.md", "## Filters")).toEqual(TENDER_FILTER_KEYS);
  });

  it("docs/api.md's streamed Ask has a row per event of the OpenAPI document, the error one apart", async () => {
    const ok = (await openApiDocument()).paths["/api/v1/ask"]?.post?.responses?.["200"] as {
      content: Record<string, { schema: { "x-events": Record<string, unknown> } }>;
    };
    const events = Object.keys(ok.content["text/event-stream"]?.schema["x-events"] ?? {});
    // The error event ends a stream that failed; the paragraph after the table describes it.
    expect(documented("docs/api.md", "## Streaming Ask")).toEqual(events.filter((e) => e !== "error"));
    expect(sectionOf(readFileSync(repoPath("docs/api.md"), "utf8"), "## Streaming Ask")).toContain(
      "`error` event",
    );
  });
});
