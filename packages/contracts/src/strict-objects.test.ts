import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { TenderChangedV1 } from "./events/tender-changed-v1.js";
import { AskRequest } from "./http/ask-request.js";
import { SearchRequest } from "./http/search-request.js";
import { AttachmentRecordV1 } from "./records/attachment-record-v1.js";
import { TenderRecordV1 } from "./records/tender-record-v1.js";
import {
  askRequestArb,
  attachmentRecordArb,
  searchRequestArb,
  tenderChangedArb,
  tenderRecordArb,
} from "./testing/arbitraries.js";

const cases = [
  { name: "TenderRecordV1", schema: TenderRecordV1, arb: tenderRecordArb as fc.Arbitrary<object> },
  {
    name: "AttachmentRecordV1",
    schema: AttachmentRecordV1,
    arb: attachmentRecordArb as fc.Arbitrary<object>,
  },
  { name: "TenderChangedV1", schema: TenderChangedV1, arb: tenderChangedArb as fc.Arbitrary<object> },
  { name: "SearchRequest", schema: SearchRequest, arb: searchRequestArb as fc.Arbitrary<object> },
  { name: "AskRequest", schema: AskRequest, arb: askRequestArb as fc.Arbitrary<object> },
] as const;

const extraKeyArb = fc.oneof(
  fc.string(),
  fc.constantFrom("__proto__", "constructor", "prototype", "toString"),
);

describe.each(cases)("$name is strict", ({ schema, arb }) => {
  it("accepts a valid value and returns it unchanged", () => {
    fc.assert(
      fc.property(arb, (value) => {
        expect(v.parse(schema as v.GenericSchema, value)).toEqual(value);
      }),
    );
  });

  it("rejects any valid value with an extra field, naming the field", () => {
    fc.assert(
      fc.property(arb, extraKeyArb, fc.jsonValue(), (value, key, extra) => {
        fc.pre(!Object.hasOwn(value, key));
        // defineProperty, so that `__proto__` becomes an own field as JSON.parse makes it.
        const withExtra = Object.defineProperty({ ...value }, key, { value: extra, enumerable: true });
        const result = v.safeParse(schema as v.GenericSchema, withExtra);
        expect(result.success).toBe(false);
        const unknown = result.issues?.find((issue) => issue.message === "Unknown field is not allowed");
        expect(unknown?.path?.map((item) => item.key)).toEqual([key]);
      }),
    );
  });
});

describe("strict object messages", () => {
  it("says which field is missing and that a non-object is not an object", () => {
    const missing = v.safeParse(SearchRequest, {});
    expect(missing.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ["query", "Required field is missing"],
    ]);
    const notObject = v.safeParse(SearchRequest, "abc");
    expect(notObject.issues?.[0]?.message).toBe("Must be an object");
  });
});
