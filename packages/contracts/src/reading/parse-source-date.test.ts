import { describe, expect, it } from "vitest";
import { combineDateAndTime, parseSourceDate } from "./parse-source-date.js";

describe("parseSourceDate", () => {
  it("reads a date with an offset and no time as midnight at that offset", () => {
    expect(parseSourceDate("2026-05-30+02:00")).toBe("2026-05-29T22:00:00.000Z");
    expect(parseSourceDate("2026-05-30-05:00")).toBe("2026-05-30T05:00:00.000Z");
    expect(parseSourceDate("2026-05-30Z")).toBe("2026-05-30T00:00:00.000Z");
  });

  it("reads a bare date as midnight UTC", () => {
    expect(parseSourceDate("2026-06-19")).toBe("2026-06-19T00:00:00.000Z");
  });

  it("reads date-times with Z, an offset, or none (UTC)", () => {
    expect(parseSourceDate("2026-11-01T19:00:00Z")).toBe("2026-11-01T19:00:00.000Z");
    expect(parseSourceDate("2026-10-03T10:00:00+01:00")).toBe("2026-10-03T09:00:00.000Z");
    expect(parseSourceDate("2026-08-01T00:00:00")).toBe("2026-08-01T00:00:00.000Z");
  });

  it("refuses what is not a date", () => {
    for (const text of ["", "soon", "2026-02-30", "2026-13-01+02:00", "30/05/2026"]) {
      expect(parseSourceDate(text)).toBeNull();
    }
  });
});

describe("combineDateAndTime", () => {
  it("joins a date and a time of day, the time's offset winning", () => {
    expect(combineDateAndTime("2026-11-09+01:00", "10:00:00+01:00")).toBe("2026-11-09T09:00:00.000Z");
    expect(combineDateAndTime("2026-11-09+01:00", "10:00:00")).toBe("2026-11-09T09:00:00.000Z");
    expect(combineDateAndTime("2026-11-09+02:00", "10:00:00Z")).toBe("2026-11-09T10:00:00.000Z");
    expect(combineDateAndTime("2026-11-09", "12:30")).toBe("2026-11-09T12:30:00.000Z");
  });

  it("falls back to the date alone without a time, and refuses unreadable parts", () => {
    expect(combineDateAndTime("2026-06-12+02:00", undefined)).toBe("2026-06-11T22:00:00.000Z");
    expect(combineDateAndTime("2026-06-12+02:00", " ")).toBe("2026-06-11T22:00:00.000Z");
    expect(combineDateAndTime("2026-06-12+02:00", "noon")).toBeNull();
    expect(combineDateAndTime("June 12", "10:00")).toBeNull();
  });
});
