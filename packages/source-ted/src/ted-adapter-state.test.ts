import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTedAdapterState, tedAdapterState } from "./ted-adapter-state.js";

describe("TED adapter state", () => {
  it("reads back the window start it stored, through JSON", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }),
        (day) => {
          const stored = JSON.parse(JSON.stringify(tedAdapterState(day))) as unknown;
          expect(readTedAdapterState(stored)).toEqual(day);
        },
      ),
    );
  });

  it("reads no state as no pass in progress", () => {
    expect(readTedAdapterState(null)).toBeNull();
    expect(readTedAdapterState(undefined)).toBeNull();
  });

  it("calls anything it did not write invalid, and never throws", () => {
    for (const bad of [
      "2026-06-26T00:00:00.000Z",
      { windowStart: "yesterday" },
      { windowStart: 1_782_432_000_000 },
      { windowStart: "2026-13-40T00:00:00.000Z" },
      { windowStart: `2026-06-26T00:00:00.${"0".repeat(100)}Z` },
      [],
    ]) {
      expect(readTedAdapterState(bad)).toBe("invalid");
    }
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const read = readTedAdapterState(value);
        expect(read === null || read === "invalid" || !Number.isNaN(read.getTime())).toBe(true);
      }),
    );
  });
});
