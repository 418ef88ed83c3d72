import { describe, expect, it } from "vitest";
import { tenderCandidate } from "../testing/tender-candidate.js";
import { validateTenderRecord } from "./validate-tender-record.js";

describe("validateTenderRecord", () => {
  it("refuses a NUL character anywhere, naming where, since the database cannot store it", () => {
    const candidate = tenderCandidate("ted", "1-2026");
    expect(validateTenderRecord({ ...candidate, title: "Road\u0000works" })).toEqual({
      ok: false,
      externalId: "1-2026",
      reason: "title: contains a NUL character (U+0000), which the database cannot store",
    });
    expect(
      validateTenderRecord({ ...candidate, raw_payload: { lots: [{ name: "a\u0000" }] } }),
    ).toMatchObject({
      ok: false,
      reason: "raw_payload.lots.0.name: contains a NUL character (U+0000), which the database cannot store",
    });
    expect(validateTenderRecord(candidate)).toMatchObject({ ok: true });
  });
});
