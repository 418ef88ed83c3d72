import { type AiProvider, createFakeProvider } from "@tender/ai";
import { describe, expect, it } from "vitest";
import { embedInBatches } from "./embed-in-batches.js";

describe("embedInBatches", () => {
  it("sends batches of at most batchSize, in order, and L2-normalizes every vector", async () => {
    const batches: string[][] = [];
    const provider: AiProvider = {
      ...createFakeProvider(),
      async embed(texts) {
        batches.push([...texts]);
        // Not normalized on purpose: length 5 * i for the i-th text.
        return texts.map((t) =>
          t === "none" ? null : [3 * Number(t), 4 * Number(t), ...new Array(1022).fill(0)],
        );
      },
    };
    const vectors = await embedInBatches(provider, ["1", "2", "none", "4", "5"], 2);
    expect(batches).toEqual([["1", "2"], ["none", "4"], ["5"]]);
    expect(vectors.map((v) => v?.slice(0, 2) ?? null)).toEqual([
      [0.6, 0.8],
      [0.6, 0.8],
      null,
      [0.6, 0.8],
      [0.6, 0.8],
    ]);
  });
});
