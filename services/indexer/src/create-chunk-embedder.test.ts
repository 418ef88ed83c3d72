import { type AiProvider, createFakeProvider } from "@tender/ai";
import { createLimiter } from "@tender/egress";
import { describe, expect, it } from "vitest";
import { toChunkDrafts } from "./chunking/to-chunk-drafts.js";
import { createChunkEmbedder } from "./create-chunk-embedder.js";

const target = { tenderId: "3f2b8c1e-6c4d-4e0a-9a57-2f1d7c9b0e11", embeddingModel: "m" };
const drafts = (texts: string[]) =>
  toChunkDrafts(
    target,
    texts.map((text, i) => ({ attachmentId: `a${i}`, section: "s", text })),
  );

function recordingProvider(batches: string[][], gate?: () => Promise<void>) {
  let inFlight = 0;
  const seen = { maxInFlight: 0 };
  const provider: AiProvider = {
    ...createFakeProvider(),
    embedModel: "m",
    async embed(texts) {
      batches.push([...texts]);
      inFlight += 1;
      seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
      await gate?.();
      inFlight -= 1;
      // Not normalized on purpose: length 5 * n for text "n".
      return texts.map((t) =>
        t === "none" ? null : [3 * Number(t), 4 * Number(t), ...new Array(1022).fill(0)],
      );
    },
  };
  return { provider, seen };
}

describe("createChunkEmbedder", () => {
  it("sends requests of at most maxTexts, L2-normalizes every vector and drops drafts without one", async () => {
    const batches: string[][] = [];
    const { provider } = recordingProvider(batches);
    const embedder = createChunkEmbedder(provider, { maxTexts: 2, maxChars: 1000, concurrency: 1 });
    for (const d of drafts(["1", "2", "none", "4", "5"])) await embedder.add(d);
    const chunks = await embedder.finish();
    expect(batches).toEqual([["1", "2"], ["none", "4"], ["5"]]);
    expect(embedder.sent).toBe(5);
    expect(chunks.map((c) => c.content)).toEqual(["1", "2", "4", "5"]);
    for (const c of chunks) expect(c.embedding.slice(0, 2)).toEqual([0.6, 0.8]);
  });

  it("closes a request before it passes maxChars; a longer text goes alone", async () => {
    const batches: string[][] = [];
    const { provider } = recordingProvider(batches);
    const embedder = createChunkEmbedder(provider, { maxTexts: 10, maxChars: 4, concurrency: 1 });
    for (const d of drafts(["11", "22", "3", "55555", "6"])) await embedder.add(d);
    await embedder.finish();
    expect(batches).toEqual([["11", "22"], ["3"], ["55555"], ["6"]]);
  });

  it("keeps at most `concurrency` requests in flight, and rejects with a failed request's error", async () => {
    const batches: string[][] = [];
    let calls = 0;
    const { provider, seen } = recordingProvider(batches, async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 5));
      if (calls === 3) throw new Error("model down");
    });
    const embedder = createChunkEmbedder(provider, { maxTexts: 1, maxChars: 100, concurrency: 2 });
    const run = async () => {
      for (const d of drafts(["1", "2", "3", "4", "5", "6"])) await embedder.add(d);
      return embedder.finish();
    };
    await expect(run()).rejects.toThrow("model down");
    expect(seen.maxInFlight).toBe(2);
  });

  it("shares one bound between tenders through the limiter", async () => {
    const batches: string[][] = [];
    const { provider, seen } = recordingProvider(batches, () => new Promise((r) => setTimeout(r, 5)));
    const limiter = createLimiter(2);
    const tender = async () => {
      const embedder = createChunkEmbedder(provider, { maxTexts: 1, maxChars: 100, concurrency: 2, limiter });
      for (const d of drafts(["1", "2", "3", "4"])) await embedder.add(d);
      return embedder.finish();
    };
    const results = await Promise.all([tender(), tender(), tender()]);
    expect(results.map((r) => r.length)).toEqual([4, 4, 4]);
    expect(seen.maxInFlight).toBe(2);
  });
});
