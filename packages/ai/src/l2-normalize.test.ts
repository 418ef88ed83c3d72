import { describe, expect, it } from "vitest";
import { l2Normalize } from "./l2-normalize.js";

describe("l2Normalize", () => {
  it("scales to unit length and keeps the direction", () => {
    expect(l2Normalize([3, 0, -4])).toEqual([0.6, 0, -0.8]);
  });

  it("copes with components whose squares under- or overflow", () => {
    const close = (xs: number[]) => xs.map((x) => expect.closeTo(x, 15));
    expect(l2Normalize([3e-200, -4e-200])).toEqual(close([0.6, -0.8]));
    expect(l2Normalize([3e200, 4e200])).toEqual(close([0.6, 0.8]));
  });

  it("has no answer for the zero vector", () => {
    expect(l2Normalize([0, 0, 0])).toBeNull();
    expect(l2Normalize([])).toBeNull();
  });
});
