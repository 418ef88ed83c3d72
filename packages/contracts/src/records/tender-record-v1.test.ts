import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { tenderRecordArb } from "../testing/arbitraries.js";
import { TenderRecordV1 } from "./tender-record-v1.js";

const whitespaceArb = fc.string({
  unit: fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2003", "\u3000", "\ufeff", "\u2028"),
  maxLength: 4,
});
const nonEmptyWhitespaceArb = fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\u00a0"), minLength: 1 });

type RecordField = "external_id" | "title" | "buyer_name" | "source_url" | "source";
const requiredFields: RecordField[] = ["external_id", "title", "buyer_name", "source_url", "source"];

const example = {
  source: "ted",
  external_id: "123456-2026",
  title: "Road maintenance",
  description: null,
  buyer_name: "City of Lyon",
  amount: "1250.50",
  currency: "EUR",
  published_at: "2026-05-01T09:00:00.000Z",
  deadline: null,
  source_url: "https://ted.europa.eu/en/notice/-/detail/123456-2026",
  attachments: [],
  raw_payload: { id: "123456-2026" },
};

describe("TenderRecordV1 trimming", () => {
  it("removes whitespace around required strings", () => {
    fc.assert(
      fc.property(
        tenderRecordArb,
        fc.constantFrom(...requiredFields),
        whitespaceArb,
        whitespaceArb,
        (record, field, before, after) => {
          const padded = { ...record, [field]: `${before}${record[field]}${after}` };
          expect(v.parse(TenderRecordV1, padded)).toEqual(record);
        },
      ),
    );
  });

  it("removes whitespace around attachment file names and URLs", () => {
    fc.assert(
      fc.property(tenderRecordArb, whitespaceArb, whitespaceArb, (record, before, after) => {
        const padded = {
          ...record,
          attachments: record.attachments.map((item) => ({
            ...item,
            filename: `${before}${item.filename}${after}`,
            source_url: `${after}${item.source_url}${before}`,
          })),
        };
        expect(v.parse(TenderRecordV1, padded)).toEqual(record);
      }),
    );
  });

  it("rejects whitespace-only required strings at their path", () => {
    fc.assert(
      fc.property(
        tenderRecordArb,
        fc.constantFrom<RecordField>("external_id", "title", "buyer_name"),
        nonEmptyWhitespaceArb,
        (record, field, blank) => {
          const result = v.safeParse(TenderRecordV1, { ...record, [field]: blank });
          expect(result.success).toBe(false);
          expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
            [field, "Must not be empty or whitespace only"],
          ]);
        },
      ),
    );
  });

  it("turns optional text that is blank into null and trims the rest", () => {
    const parsed = v.parse(TenderRecordV1, {
      ...example,
      description: "  \n ",
      attachments: [
        {
          external_id: " a1 ",
          title: "",
          filename: " spec.pdf ",
          source_url: "https://example.com/spec.pdf",
          content_type: " application/pdf ",
        },
      ],
    });
    expect(parsed.description).toBeNull();
    expect(parsed.attachments).toEqual([
      {
        external_id: "a1",
        title: null,
        filename: "spec.pdf",
        source_url: "https://example.com/spec.pdf",
        content_type: "application/pdf",
      },
    ]);
  });
});

describe("TenderRecordV1 rules", () => {
  it("normalizes timestamps and amounts", () => {
    const parsed = v.parse(TenderRecordV1, {
      ...example,
      amount: "1250.5",
      published_at: "2026-05-01T11:00:00+02:00",
      deadline: "2026-06-01T12:00:00",
    });
    expect(parsed.amount).toBe("1250.50");
    expect(parsed.published_at).toBe("2026-05-01T09:00:00.000Z");
    expect(parsed.deadline).toBe("2026-06-01T12:00:00.000Z");
  });

  it("rejects a negative amount, a bad currency and a missing nullable field", () => {
    const paths = (value: unknown) =>
      v.safeParse(TenderRecordV1, value).issues?.map((issue) => [v.getDotPath(issue), issue.message]);
    expect(paths({ ...example, amount: "-1.00" })).toEqual([["amount", "Amount must not be negative"]]);
    expect(paths({ ...example, currency: "eur" })).toEqual([
      ["currency", "Must be a three-letter uppercase currency code, e.g. EUR"],
    ]);
    const { deadline: _, ...withoutDeadline } = example;
    expect(paths(withoutDeadline)).toEqual([["deadline", "Required field is missing"]]);
  });

  it("rejects attachments listing one URL twice and file names over 255 characters", () => {
    const attachment = {
      external_id: null,
      title: null,
      filename: "a.pdf",
      source_url: "https://example.com/a.pdf",
      content_type: null,
    };
    expect(
      v.safeParse(TenderRecordV1, { ...example, attachments: [attachment, attachment] }).issues?.[0]?.message,
    ).toBe("Attachment source_url values must be unique");
    const long = { ...attachment, filename: "é".repeat(256) };
    expect(v.safeParse(TenderRecordV1, { ...example, attachments: [long] }).success).toBe(false);
    const longest = { ...attachment, filename: "😀".repeat(255) };
    expect(v.safeParse(TenderRecordV1, { ...example, attachments: [longest] }).success).toBe(true);
  });

  it("keeps raw_payload as given and requires a JSON object", () => {
    const raw_payload = JSON.parse('{"constructor": {"a": [1, null]}, "__proto__": 1, "n": -0.5}');
    expect(v.parse(TenderRecordV1, { ...example, raw_payload }).raw_payload).toBe(raw_payload);
    for (const bad of [
      [],
      null,
      "{}",
      new Date(),
      { when: new Date() },
      { n: Number.NaN },
      { u: undefined },
    ]) {
      expect(v.safeParse(TenderRecordV1, { ...example, raw_payload: bad }).success).toBe(false);
    }
  });
});
