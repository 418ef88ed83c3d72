import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths, expiringParams, expiringRangeOf } from "./expiring-range.js";

describe("expiringRangeOf", () => {
  it("defaults to today and six months later; keeps a range the URL gives", () => {
    expect(expiringRangeOf("", "2026-11-26")).toEqual({ from: "2026-11-26", to: "2027-05-26" });
    expect(expiringRangeOf("?contract_end_from=2027-01-01", "2026-11-26")).toEqual({
      from: "2027-01-01",
      to: "2027-07-01",
    });
    expect(expiringRangeOf("?contract_end_from=2027-03-01&contract_end_to=2027-03-31", "2026-11-26")).toEqual(
      { from: "2027-03-01", to: "2027-03-31" },
    );
  });

  it("drops what is not a real day", () => {
    for (const bad of ["2027-02-30", "2027-13-01", "27-01-01", "2027-01-01T00:00:00Z", ""]) {
      expect(expiringRangeOf(`?contract_end_from=${bad}&contract_end_to=${bad}`, "2026-11-26")).toEqual({
        from: "2026-11-26",
        to: "2027-05-26",
      });
    }
  });

  it("asks the API for the latest notices, earliest contract end first", () => {
    expect(expiringParams({ from: "2026-11-26", to: "2027-05-26" }).toString()).toBe(
      "sort=contract_end_asc&contract_end_from=2026-11-26&contract_end_to=2027-05-26&current=true",
    );
  });
});

describe("addMonths", () => {
  it("cuts the day to the month's last", () => {
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
  });

  it("always answers a real day after the start, in the month `months` later", () => {
    const day = fc
      .date({
        min: new Date("1900-01-01T00:00:00Z"),
        max: new Date("9000-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 24 }), (start, months) => {
        const end = addMonths(start, months);
        expect(new Date(`${end}T00:00:00Z`).toISOString().slice(0, 10)).toBe(end);
        expect(end > start).toBe(true);
        const [y, m] = start.split("-").map(Number) as [number, number];
        const [ey, em] = end.split("-").map(Number) as [number, number];
        expect(ey * 12 + em - (y * 12 + m)).toBe(months);
      }),
    );
  });
});
