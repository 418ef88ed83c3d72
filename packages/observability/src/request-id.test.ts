import { REQUEST_ID_PATTERN } from "@tender/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "./request-id.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("acceptOrCreateRequestId", () => {
  it("uses the header name from the decisions", () => {
    expect(REQUEST_ID_HEADER).toBe("X-Request-ID");
  });

  it("echoes every value that matches the pattern", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/), (id) => {
        expect(acceptOrCreateRequestId(id)).toBe(id);
      }),
    );
  });

  it("replaces every other value with a fresh UUID v4", () => {
    const rejected = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.stringMatching(/^[A-Za-z0-9._:-]{129,200}$/),
      fc.stringMatching(/^[A-Za-z0-9]{1,20}[\s/\n"<>]$/),
    );
    fc.assert(
      fc.property(
        rejected.filter((s) => !REQUEST_ID_PATTERN.test(s)),
        (value) => {
          const id = acceptOrCreateRequestId(value);
          expect(id).toMatch(UUID_V4);
          expect(id).not.toBe(value);
        },
      ),
    );
  });

  it("generates a UUID v4 when the header is missing, and a different one each time", () => {
    const a = acceptOrCreateRequestId(undefined);
    const b = acceptOrCreateRequestId(null);
    expect(a).toMatch(UUID_V4);
    expect(b).toMatch(UUID_V4);
    expect(a).not.toBe(b);
    expect(acceptOrCreateRequestId("")).toMatch(UUID_V4);
    expect(acceptOrCreateRequestId("abc\n")).toMatch(UUID_V4);
    expect(acceptOrCreateRequestId("x".repeat(128))).toBe("x".repeat(128));
    expect(acceptOrCreateRequestId("x".repeat(129))).toMatch(UUID_V4);
  });
});
