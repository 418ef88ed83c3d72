import { AiDependencyError } from "@tender/ai";
import { describe, expect, it } from "vitest";
import { describeIndexError } from "./describe-index-error.js";

describe("describeIndexError", () => {
  it("is one short safe line", () => {
    expect(
      describeIndexError(new AiDependencyError("timeout", "POST /api/embed timed out after 30000 ms")),
    ).toBe("AI provider unavailable: POST /api/embed timed out after 30000 ms");
    expect(describeIndexError(new TypeError("bad\nstack line"))).toBe("TypeError: bad");
    expect(describeIndexError(new Error("connect to postgres://app:s3cret@db:5432/x failed"))).not.toContain(
      "s3cret",
    );
    expect(describeIndexError(new Error("x".repeat(1000)))).toHaveLength(300);
    expect(describeIndexError("weird")).toBe("indexing failed");
  });
});
