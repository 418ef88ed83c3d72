import { describe, expect, it } from "vitest";
import { formatAge, shorten } from "./format-age.js";

describe("formatAge", () => {
  it.each([
    [0, "0s"],
    [45, "45s"],
    [60, "1m"],
    [725, "12m 5s"],
    [3_600, "1h"],
    [10_920, "3h 2m"],
    [187_200, "2d 4h"],
    [86_401, "1d"],
    [-5, "0s"],
  ])("%d seconds → %s", (seconds, text) => {
    expect(formatAge(seconds)).toBe(text);
  });
});

describe("shorten", () => {
  it("keeps short values and cuts long ones in the middle to the given length", () => {
    expect(shorten("abc", 5)).toBe("abc");
    expect(shorten("abcdefghij", 5)).toBe("ab…ij");
    expect([...shorten("x".repeat(100))]).toHaveLength(40);
    expect(shorten(`start${"-".repeat(100)}end`, 11)).toBe("start…--end");
  });
});
