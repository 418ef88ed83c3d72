import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CliError } from "./cli-error.js";
import { parseAge, parseLimit, parseSequence, parseSince } from "./parse-events-options.js";

const NOW = new Date("2026-03-10T12:00:00.000Z");

describe("parseSince", () => {
  it.each([
    ["2026-03-01", "2026-03-01T00:00:00.000Z"],
    ["2026-03-01T08:30:00Z", "2026-03-01T08:30:00.000Z"],
    ["2026-03-01T08:30Z", "2026-03-01T08:30:00.000Z"],
    ["2026-03-01T10:30:00.250+02:00", "2026-03-01T08:30:00.250Z"],
    ["90s", "2026-03-10T11:58:30.000Z"],
    ["15m", "2026-03-10T11:45:00.000Z"],
    ["6h", "2026-03-10T06:00:00.000Z"],
    ["7d", "2026-03-03T12:00:00.000Z"],
    [" 2h ", "2026-03-10T10:00:00.000Z"],
  ])("reads %j as %s", (raw, iso) => {
    expect(parseSince(raw, NOW).toISOString()).toBe(iso);
  });

  it.each([
    "",
    "yesterday",
    "2026-03-01T08:30:00",
    "2026-13-01",
    "2026-02-30T00:00:00Z",
    "5w",
    "-1h",
    "1.5h",
  ])("rejects %j", (raw) => {
    expect(() => parseSince(raw, NOW)).toThrow(CliError);
    expect(() => parseSince(raw, NOW)).toThrow(/^--since must be a date/);
  });

  it("rejects a time in the future", () => {
    expect(() => parseSince("2026-03-11", NOW)).toThrow("--since 2026-03-11T00:00:00.000Z is in the future");
  });
});

describe("parseSequence", () => {
  it("accepts whole numbers from 1", () => {
    expect(parseSequence("1", "--from-seq")).toBe(1);
    expect(parseSequence(" 42 ", "--from-seq")).toBe(42);
  });

  it.each(["0", "-1", "1.5", "abc", "1e3", "", "9999999999999999"])("rejects %j", (raw) => {
    expect(() => parseSequence(raw, "--from-seq")).toThrow(/^--from-seq must be a stream sequence number/);
  });
});

describe("parseLimit", () => {
  it("accepts 1 to max only", () => {
    expect(parseLimit("1", 10)).toBe(1);
    expect(parseLimit("10", 10)).toBe(10);
    for (const raw of ["0", "11", "x", "2.5"]) expect(() => parseLimit(raw, 10)).toThrow(/^--limit must be/);
  });
});

describe("parseAge", () => {
  it.each([
    ["90s", 90],
    ["15m", 900],
    [" 6h ", 21_600],
    ["30d", 2_592_000],
  ])("reads %j as %d seconds", (raw, seconds) => {
    expect(parseAge(raw, "--older-than")).toBe(seconds);
  });

  it("refuses anything else with the option named, never a number that is not whole and finite", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (raw) => {
        try {
          const seconds = parseAge(raw, "--older-than");
          expect(raw.trim()).toMatch(/^\d{1,9}[smhd]$/);
          expect(Number.isSafeInteger(seconds) && seconds >= 0).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(CliError);
          expect((error as Error).message).toContain(
            "--older-than must be an age such as 90s, 15m, 6h or 7d",
          );
        }
      }),
    );
  });
});
