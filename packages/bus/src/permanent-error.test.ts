import { describe, expect, it } from "vitest";
import { isPermanentError, PermanentError } from "./permanent-error.js";

describe("isPermanentError", () => {
  it("recognises PermanentError, also by name from another copy of the package", () => {
    expect(isPermanentError(new PermanentError("gone"))).toBe(true);
    const foreign = Object.assign(new Error("gone"), { name: "PermanentError" });
    expect(isPermanentError(foreign)).toBe(true);
    expect(isPermanentError(new Error("flaky"))).toBe(false);
    expect(isPermanentError("PermanentError")).toBe(false);
  });
});
