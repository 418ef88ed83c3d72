import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseSourcePayload } from "./parse-source-payload.js";

const Notice = v.looseObject({ id: v.optional(v.string()), title: v.optional(v.string("Must be a string")) });
const names = { payload: "notice", idKey: "id" };

describe("parseSourcePayload", () => {
  it("hands on the parsed payload", () => {
    expect(parseSourcePayload(Notice, { id: "n-1", title: "Road" }, names)).toEqual({
      ok: true,
      value: { id: "n-1", title: "Road" },
    });
  });

  it("refuses what is not a JSON object, an array included", () => {
    for (const payload of [null, "n-1", ["n-1"], { at: new Date() }]) {
      expect(parseSourcePayload(Notice, payload, names)).toEqual({
        ok: false,
        externalId: null,
        reason: "payload: notice is not a JSON object",
      });
    }
  });

  it("names the first issue's path and labels the failure with the payload's own id", () => {
    expect(parseSourcePayload(Notice, { id: " n-2 ", title: 7 }, names)).toEqual({
      ok: false,
      externalId: "n-2",
      reason: "payload: title: Must be a string",
    });
    expect(parseSourcePayload(Notice, { id: " ", title: 7 }, names)).toMatchObject({ externalId: null });
  });

  it("names the payload itself when the issue has no path", () => {
    const NoTitle = v.pipe(
      v.looseObject({}),
      v.check(() => false, "Must have a title"),
    );
    expect(parseSourcePayload(NoTitle, { id: 5 }, names)).toEqual({
      ok: false,
      externalId: null,
      reason: "payload: notice: Must have a title",
    });
  });
});
