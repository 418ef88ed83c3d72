import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TenderRecordV1 } from "../records/tender-record-v1.js";
import {
  filenameArb,
  httpUrlArb,
  jsonObjectArb,
  nullableTextArb,
  sha256DigestArb,
  significantTenderFieldArbs,
  tenderRecordArb,
} from "../testing/arbitraries.js";
import { type ContentHashAttachment, type ContentHashInput, contentHash } from "./content-hash.js";
import { toContentHashInput } from "./to-content-hash-input.js";

const hashOf = (record: TenderRecordV1) => contentHash(toContentHashInput(record));

function reverseKeys<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).reverse()) as T;
}

/** A record with downloaded attachments (some skipped) as the hash input of database rows. */
const storedInputArb = fc
  .tuple(
    tenderRecordArb,
    fc.array(fc.option(sha256DigestArb, { nil: null }), { minLength: 4, maxLength: 4 }),
    fc.array(fc.constantFrom("pending", "ready", "failed", "skipped" as const), {
      minLength: 4,
      maxLength: 4,
    }),
  )
  .map(([record, digests, statuses]): ContentHashInput => {
    const input = toContentHashInput(record);
    const attachments = input.attachments.map(
      (item, index): ContentHashAttachment => ({
        ...item,
        sha256: digests[index] ?? null,
        download_status: statuses[index] ?? "pending",
      }),
    );
    return { ...input, attachments };
  });

const significantChanges: Record<string, fc.Arbitrary<unknown>> = significantTenderFieldArbs;

describe("contentHash", () => {
  it("matches SHA-256 of the canonical JSON written out by hand", () => {
    const input: ContentHashInput = {
      source: "ted",
      external_id: "1-2026",
      title: "Bridge",
      description: null,
      buyer_name: "Città di Roma",
      amount: "10.5",
      currency: "EUR",
      published_at: new Date("2026-05-01T09:00:00Z"),
      deadline: "2026-06-01T12:00:00+02:00",
      source_url: "https://example.com/n/1",
      attachments: [
        {
          source_url: "https://example.com/b",
          filename: "b.pdf",
          title: null,
          content_type: null,
          sha256: null,
        },
        {
          source_url: "https://example.com/a",
          filename: "a.pdf",
          title: "A",
          content_type: "application/pdf",
          sha256: "f".repeat(64),
          download_status: "ready",
        },
        {
          source_url: "https://example.com/0",
          filename: "gone.pdf",
          title: null,
          content_type: null,
          sha256: null,
          download_status: "skipped",
        },
      ],
    };
    const canonical =
      '{"amount":"10.50","attachments":[' +
      `{"content_type":"application/pdf","filename":"a.pdf","sha256":"${"f".repeat(64)}","source_url":"https://example.com/a","title":"A"},` +
      '{"content_type":null,"filename":"b.pdf","sha256":null,"source_url":"https://example.com/b","title":null}],' +
      '"buyer_name":"Città di Roma","currency":"EUR","deadline":"2026-06-01T10:00:00.000Z","description":null,' +
      '"external_id":"1-2026","published_at":"2026-05-01T09:00:00.000Z","source":"ted",' +
      '"source_url":"https://example.com/n/1","title":"Bridge"}';
    expect(contentHash(input)).toBe(createHash("sha256").update(canonical, "utf8").digest("hex"));
  });

  it("gives a record and its database rows the same hash", () => {
    fc.assert(
      fc.property(tenderRecordArb, (record) => {
        const row = {
          ...record,
          id: "3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90",
          source_id: "0b6f3c1e-7a2d-4e5f-8c9b-1a2b3c4d5e6f",
          published_at: new Date(record.published_at),
          deadline: record.deadline === null ? null : new Date(record.deadline),
          index_status: "ready",
          content_hash: "0".repeat(64),
          attachments: record.attachments.map((item) => ({
            ...item,
            id: "1b7d3f2c-8a4e-4c6e-9a0f-5d2e8b7c1a90",
            sha256: null,
            local_path: null,
            download_status: "pending" as const,
          })),
        };
        expect(contentHash(row)).toBe(hashOf(record));
      }),
    );
  });

  it("does not depend on key order", () => {
    fc.assert(
      fc.property(storedInputArb, (input) => {
        const reordered = reverseKeys({ ...input, attachments: input.attachments.map(reverseKeys) });
        expect(contentHash(reordered)).toBe(contentHash(input));
      }),
    );
  });

  it("does not depend on any order of the keys, at the top or inside attachments", () => {
    const permutationArb = (keys: string[]) =>
      fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length });
    const withKeyOrder = <T extends object>(value: T, order: readonly string[]): T =>
      Object.fromEntries(order.map((key) => [key, (value as Record<string, unknown>)[key]])) as T;
    const arb = storedInputArb.chain((input) =>
      fc.tuple(
        fc.constant(input),
        permutationArb(Object.keys(input)),
        fc.tuple(...input.attachments.map((item) => permutationArb(Object.keys(item)))),
      ),
    );
    fc.assert(
      fc.property(arb, ([input, order, attachmentOrders]) => {
        const attachments = input.attachments.map((item, i) =>
          withKeyOrder(item, attachmentOrders[i] ?? Object.keys(item)),
        );
        const reordered = withKeyOrder({ ...input, attachments }, order);
        expect(Object.keys(reordered)).toEqual(order);
        expect(contentHash(reordered)).toBe(contentHash(input));
      }),
    );
  });

  it("does not depend on attachment order", () => {
    fc.assert(
      fc.property(
        storedInputArb.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray([...input.attachments], {
              minLength: input.attachments.length,
              maxLength: input.attachments.length,
            }),
          ),
        ),
        ([input, shuffled]) => {
          expect(contentHash({ ...input, attachments: shuffled })).toBe(contentHash(input));
        },
      ),
    );
  });

  it("changes when any significant field changes", () => {
    const changeArb = tenderRecordArb.chain((record) =>
      fc
        .constantFrom(...Object.keys(significantChanges))
        .chain((field) =>
          fc.tuple(
            fc.constant(record),
            fc.constant(field),
            significantChanges[field] as fc.Arbitrary<unknown>,
          ),
        ),
    );
    fc.assert(
      fc.property(changeArb, ([record, field, value]) => {
        fc.pre(record[field as keyof TenderRecordV1] !== value);
        expect(hashOf({ ...record, [field]: value })).not.toBe(hashOf(record));
      }),
    );
  });

  it("changes when an attachment is added, removed or changed, or its file digest changes", () => {
    const withAttachmentArb = storedInputArb.filter((input) =>
      input.attachments.some((item) => item.download_status !== "skipped"),
    );
    fc.assert(
      fc.property(
        withAttachmentArb,
        sha256DigestArb,
        filenameArb,
        nullableTextArb,
        httpUrlArb,
        (input, digest, filename, text, url) => {
          const index = input.attachments.findIndex((item) => item.download_status !== "skipped");
          const target = input.attachments[index] as ContentHashAttachment;
          const replace = (changes: Partial<ContentHashAttachment>) => ({
            ...input,
            attachments: input.attachments.map((item, i) => (i === index ? { ...item, ...changes } : item)),
          });
          const original = contentHash(input);
          const variants: Array<[boolean, ContentHashInput]> = [
            [target.sha256 !== digest, replace({ sha256: digest })],
            [target.sha256 !== null, replace({ sha256: null })],
            [target.filename !== filename, replace({ filename })],
            [target.title !== text, replace({ title: text })],
            [target.content_type !== text, replace({ content_type: text })],
            [input.attachments.every((item) => item.source_url !== url), replace({ source_url: url })],
            [true, replace({ download_status: "skipped" })],
            [true, { ...input, attachments: input.attachments.filter((_, i) => i !== index) }],
          ];
          for (const [differs, variant] of variants) {
            if (differs) expect(contentHash(variant)).not.toBe(original);
          }
        },
      ),
    );
  });

  it("ignores raw_payload", () => {
    fc.assert(
      fc.property(tenderRecordArb, jsonObjectArb, (record, raw_payload) => {
        expect(hashOf({ ...record, raw_payload })).toBe(hashOf(record));
      }),
    );
  });

  it("ignores skipped attachments", () => {
    fc.assert(
      fc.property(
        storedInputArb,
        httpUrlArb,
        filenameArb,
        fc.option(sha256DigestArb, { nil: null }),
        (input, source_url, filename, sha256) => {
          const skipped: ContentHashAttachment = {
            source_url,
            filename,
            title: null,
            content_type: null,
            sha256,
            download_status: "skipped",
          };
          expect(contentHash({ ...input, attachments: [...input.attachments, skipped] })).toBe(
            contentHash(input),
          );
        },
      ),
    );
  });

  it("refuses timestamps and amounts it cannot normalize", () => {
    const input = toContentHashInput({
      source: "ted",
      external_id: "1",
      title: "T",
      description: null,
      buyer_name: "B",
      amount: null,
      currency: null,
      published_at: "2026-05-01T09:00:00.000Z",
      deadline: null,
      source_url: "https://example.com",
      attachments: [],
      raw_payload: {},
    });
    expect(() => contentHash({ ...input, published_at: "yesterday" })).toThrow(TypeError);
    expect(() => contentHash({ ...input, deadline: new Date(Number.NaN) })).toThrow(TypeError);
    expect(() => contentHash({ ...input, amount: "-1" })).toThrow(TypeError);
  });
});
