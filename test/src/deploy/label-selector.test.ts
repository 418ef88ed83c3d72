import { describe, expect, it } from "vitest";
import { selects } from "./label-selector.js";

describe("selects", () => {
  const labels = { app: "gateway", tier: "api" };

  it("matches labels and expressions together", () => {
    expect(selects({}, labels)).toBe(true);
    expect(selects({ matchLabels: { app: "gateway" } }, labels)).toBe(true);
    expect(selects({ matchLabels: { app: "indexer" } }, labels)).toBe(false);
    expect(
      selects({ matchExpressions: [{ key: "app", operator: "In", values: ["a", "gateway"] }] }, labels),
    ).toBe(true);
    expect(
      selects({ matchExpressions: [{ key: "app", operator: "NotIn", values: ["gateway"] }] }, labels),
    ).toBe(false);
    expect(selects({ matchExpressions: [{ key: "zone", operator: "Exists" }] }, labels)).toBe(false);
    expect(selects({ matchExpressions: [{ key: "zone", operator: "DoesNotExist" }] }, labels)).toBe(true);
    expect(
      selects(
        {
          matchLabels: { tier: "api" },
          matchExpressions: [{ key: "app", operator: "In", values: ["indexer"] }],
        },
        labels,
      ),
    ).toBe(false);
  });
});
