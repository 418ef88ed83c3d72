import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keptReplicas } from "./kept-replicas.js";

describe("keptReplicas", () => {
  it("raises to the configured number and never lowers what the server has", () => {
    expect(keptReplicas(3, 1)).toBe(3);
    expect(keptReplicas(1, 3)).toBe(3);
    expect(keptReplicas(3, 3)).toBe(3);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (configured, server) => {
        const kept = keptReplicas(configured, server);
        expect(kept).toBeGreaterThanOrEqual(server);
        expect(kept).toBeGreaterThanOrEqual(configured);
      }),
    );
  });
});
