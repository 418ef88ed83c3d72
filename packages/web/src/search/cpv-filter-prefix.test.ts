import { describe, expect, it } from "vitest";
import { cpvFilterPrefix } from "./cpv-filter-prefix.js";

describe("cpvFilterPrefix", () => {
  it("keeps a code's significant digits, at least its division", () => {
    expect(cpvFilterPrefix("45230000")).toBe("4523");
    expect(cpvFilterPrefix("45233141")).toBe("45233141");
    expect(cpvFilterPrefix("45000000")).toBe("45");
    expect(cpvFilterPrefix("03000000")).toBe("03");
    expect(cpvFilterPrefix("30000000")).toBe("30");
    expect(cpvFilterPrefix("10000000")).toBe("10");
  });
});
