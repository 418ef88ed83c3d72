import { describe, expect, it } from "vitest";
import { fuseRankings } from "./fuse-rankings.js";

describe("fuseRankings", () => {
  it("puts identifier matches first, then sums weighted reciprocal ranks, chunk id breaking ties", () => {
    const fused = fuseRankings([
      { kind: "id", ids: ["z"] },
      { kind: "cpv", ids: ["c", "a"], weight: 3 },
      { kind: "words", ids: ["a", "b"] },
      { kind: "vector", ids: ["b", "a", "z"] },
    ]);
    expect(fused.map((f) => f.id)).toEqual(["z", "a", "c", "b"]);
    expect(fused.find((f) => f.id === "a")?.matched).toEqual(["cpv", "words", "vector"]);
    expect(fused[0]?.matched).toEqual(["id", "vector"]);
    // Equal scores: by id.
    expect(
      fuseRankings([
        { kind: "words", ids: ["y"] },
        { kind: "vector", ids: ["x"] },
      ]).map((f) => f.id),
    ).toEqual(["x", "y"]);
  });

  it("as a cascade, takes the lists one after the other", () => {
    const fused = fuseRankings(
      [
        { kind: "cpv", ids: ["c"] },
        { kind: "vector", ids: ["v", "c"] },
      ],
      "cascade",
    );
    expect(fused.map((f) => f.id)).toEqual(["c", "v"]);
  });
});
