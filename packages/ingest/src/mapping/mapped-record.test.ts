import { describe, expect, it } from "vitest";
import { tenderCandidate } from "../testing/tender-candidate.js";
import { mappedRecord } from "./mapped-record.js";

const candidate = tenderCandidate("test_source", "t-1");

describe("mappedRecord", () => {
  it("lists every problem and does not build the record", () => {
    let built = false;
    const build = () => {
      built = true;
      return candidate;
    };
    expect(mappedRecord("t-1", ["title: missing", "buyer_name: missing"], build)).toEqual({
      ok: false,
      externalId: "t-1",
      reason: "title: missing; buyer_name: missing",
    });
    expect(built).toBe(false);
  });

  it("validates the record when there is no problem", () => {
    const result = mappedRecord("t-1", [], () => candidate);
    expect(result).toMatchObject({ ok: true, record: { external_id: "t-1", title: "Tender t-1" } });
    expect(mappedRecord("t-1", [], () => ({ ...candidate, title: "" }))).toMatchObject({
      ok: false,
      externalId: "t-1",
      reason: expect.stringMatching(/^title: /),
    });
  });
});
