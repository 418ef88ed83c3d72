import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { utcDateArb } from "../testing/arbitraries.js";
import { UTC_TIMESTAMP_PATTERN, UtcTimestamp } from "./utc-timestamp.js";

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The wall-clock time of `date` at `offsetMinutes` east of UTC, without a zone. */
function wallClock(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}`
  );
}

function offsetSuffix(offsetMinutes: number, style: "colon" | "compact"): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = pad(Math.floor(Math.abs(offsetMinutes) / 60));
  const minutes = pad(Math.abs(offsetMinutes) % 60);
  return style === "colon" ? `${sign}${hours}:${minutes}` : `${sign}${hours}${minutes}`;
}

describe("UtcTimestamp", () => {
  it("reads a naive date-time as UTC", () => {
    fc.assert(
      fc.property(utcDateArb, (date) => {
        expect(v.parse(UtcTimestamp, wallClock(date, 0))).toBe(date.toISOString());
      }),
    );
    expect(v.parse(UtcTimestamp, "2026-05-30T10:15")).toBe("2026-05-30T10:15:00.000Z");
    expect(v.parse(UtcTimestamp, "2026-05-30 10:15:30")).toBe("2026-05-30T10:15:30.000Z");
  });

  it("converts an offset to UTC", () => {
    const offsetArb = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });
    fc.assert(
      fc.property(utcDateArb, offsetArb, fc.constantFrom("colon", "compact"), (date, offset, style) => {
        const text = `${wallClock(date, offset)}${offsetSuffix(offset, style as "colon" | "compact")}`;
        expect(v.parse(UtcTimestamp, text)).toBe(date.toISOString());
      }),
    );
    expect(v.parse(UtcTimestamp, "2026-05-30T00:30:00+02")).toBe("2026-05-29T22:30:00.000Z");
  });

  it("outputs ISO 8601 UTC with Z and milliseconds, and is idempotent", () => {
    fc.assert(
      fc.property(utcDateArb, (date) => {
        const output = v.parse(UtcTimestamp, date.toISOString());
        expect(output).toBe(date.toISOString());
        expect(output).toMatch(new RegExp(UTC_TIMESTAMP_PATTERN));
        expect(v.parse(UtcTimestamp, output)).toBe(output);
      }),
    );
    expect(v.parse(UtcTimestamp, "2026-05-30T00:00:00Z")).toBe("2026-05-30T00:00:00.000Z");
    expect(v.parse(UtcTimestamp, "2026-05-30T00:00:00.123456789Z")).toBe("2026-05-30T00:00:00.123Z");
  });

  it("rejects invalid dates and times and what is not a date-time", () => {
    for (const text of [
      "2026-02-30T00:00:00Z",
      "2025-02-29T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-00-10T00:00:00Z",
      "2026-01-01T24:00:00Z",
      "2026-01-01T10:60:00Z",
      "2026-01-01T10:00:60Z",
      "2026-01-01T10:00:00+24:00",
      "2026-01-01T10:00:00+02:60",
      "2026-01-01",
      "30.05.2026 10:00",
      "2026-1-1T10:00:00Z",
      "tomorrow",
      "",
    ]) {
      const result = v.safeParse(UtcTimestamp, text);
      expect(result.success, text).toBe(false);
      expect(result.issues?.[0]?.message).toMatch(/ISO 8601/);
    }
    expect(v.parse(UtcTimestamp, "2024-02-29T00:00:00Z")).toBe("2024-02-29T00:00:00.000Z");
    expect(v.safeParse(UtcTimestamp, 1_717_000_000_000).success).toBe(false);
  });
});
