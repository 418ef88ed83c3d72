import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { countCodePoints } from "../primitives/code-points.js";
import { tenderRecordArb } from "../testing/arbitraries.js";
import { RECORD_LIMITS } from "./record-limits.js";
import { TenderRecordV1 } from "./tender-record-v1.js";

/** A string of exactly `length` code points, mixing one-, two-, three- and four-byte characters. */
const textOfLength = (length: number) =>
  fc
    .array(fc.constantFrom("a", "é", "€", "😀", "Z"), { minLength: 1, maxLength: 8 })
    .map((units) => Array.from({ length }, (_, i) => units[i % units.length]).join(""));

const issuePaths = (value: unknown) =>
  (v.safeParse(TenderRecordV1, value).issues ?? []).map((issue) => v.getDotPath(issue));

const recordFields = [
  ["external_id", RECORD_LIMITS.externalId],
  ["title", RECORD_LIMITS.title],
  ["buyer_name", RECORD_LIMITS.buyerName],
  ["description", RECORD_LIMITS.description],
] as const;

describe("TenderRecordV1 limits", () => {
  it("accepts each text field at its limit and names the field one code point past it", () => {
    const fieldCase = fc
      .tuple(fc.constantFrom(...recordFields), fc.constantFrom(0, 1))
      .chain(([[field, limit], over]) =>
        textOfLength(limit + over).map((text) => ({ field, over, text, length: limit + over })),
      );
    fc.assert(
      fc.property(tenderRecordArb, fieldCase, (record, { field, over, text, length }) => {
        expect(countCodePoints(text)).toBe(length);
        const paths = issuePaths({ ...record, [field]: `  ${text}\n` });
        expect(paths).toEqual(over === 0 ? [] : [field]);
      }),
      { numRuns: 40 },
    );
  });

  it("bounds source URLs, attachment texts and the number of attachments", () => {
    fc.assert(
      fc.property(tenderRecordArb, fc.constantFrom(0, 1), (record, over) => {
        const url = (n: number) => `https://example.com/${"p".repeat(n - "https://example.com/".length)}`;
        const long = url(RECORD_LIMITS.sourceUrl + over);
        const expected = (path: string) => (over === 0 ? [] : [path]);
        expect(issuePaths({ ...record, source_url: long })).toEqual(expected("source_url"));
        const attachment = {
          external_id: "é".repeat(RECORD_LIMITS.attachmentExternalId + over),
          title: "€".repeat(RECORD_LIMITS.attachmentTitle + over),
          filename: "a.pdf",
          source_url: long,
          content_type: "t".repeat(RECORD_LIMITS.attachmentContentType + over),
        };
        expect(issuePaths({ ...record, attachments: [attachment] })).toEqual(
          over === 0
            ? []
            : [
                "attachments.0.external_id",
                "attachments.0.title",
                "attachments.0.source_url",
                "attachments.0.content_type",
              ],
        );
        const many = Array.from({ length: RECORD_LIMITS.attachments + over }, (_, i) => ({
          ...attachment,
          external_id: null,
          title: null,
          content_type: null,
          source_url: `https://example.com/${i}.pdf`,
        }));
        expect(issuePaths({ ...record, attachments: many })).toEqual(expected("attachments"));
      }),
      { numRuns: 6 },
    );
  });

  it("refuses raw_payload nested past 64 levels, however deep, without recursion", () => {
    const nested = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${"}".repeat(levels - 1)}`);
    fc.assert(
      fc.property(tenderRecordArb, fc.integer({ min: 1, max: 200 }), (record, levels) => {
        const paths = issuePaths({ ...record, raw_payload: nested(levels) });
        expect(paths).toEqual(levels <= RECORD_LIMITS.rawPayloadDepth ? [] : ["raw_payload"]);
      }),
      { numRuns: 60 },
    );
    const deepArray = JSON.parse(`{"a":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}`);
    const [record] = fc.sample(tenderRecordArb, 1);
    const result = v.safeParse(TenderRecordV1, { ...record, raw_payload: deepArray });
    expect(result.issues?.map((i) => i.message)).toEqual(["Must be at most 64 levels deep"]);
  });

  it("refuses raw_payload over 5,000,000 bytes of JSON text, counted in UTF-8", () => {
    const [record] = fc.sample(tenderRecordArb, 1);
    // {"t":"…"} is 8 bytes around the text; "é" is 2 bytes in UTF-8.
    const sized = (bytes: number) => ({ t: "é".repeat((bytes - 8) / 2) });
    expect(issuePaths({ ...record, raw_payload: sized(RECORD_LIMITS.rawPayloadBytes) })).toEqual([]);
    const over = v.safeParse(TenderRecordV1, {
      ...record,
      raw_payload: sized(RECORD_LIMITS.rawPayloadBytes + 2),
    });
    expect(over.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ["raw_payload", "Must be at most 5000000 bytes as JSON text"],
    ]);
  });

  it("refuses year 0000, which PostgreSQL cannot store, also when an offset leads there", () => {
    const [record] = fc.sample(tenderRecordArb, 1);
    for (const date of ["0000-06-01T00:00:00Z", "0001-01-01T00:30:00+01:00"]) {
      expect(issuePaths({ ...record, published_at: date })).toEqual(["published_at"]);
    }
    expect(issuePaths({ ...record, published_at: "0001-01-01T00:00:00Z" })).toEqual([]);
  });
});
