import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { correctProtocols, startTestModelServer, type TestModelServer } from "./test-model-server.js";

const MS_PER_TEXT = 100;
let server: TestModelServer;

beforeAll(async () => {
  server = await startTestModelServer(correctProtocols(["cpu-model"]), { embedMsPerText: MS_PER_TEXT });
});
afterAll(() => server.close());

/** Posts an embedding request; resolves with the time its answer was complete. */
async function embed(texts: number): Promise<number> {
  const response = await fetch(`${server.url}/api/embed`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "cpu-model", input: Array.from({ length: texts }, (_, i) => `text ${i}`) }),
  });
  const body = (await response.json()) as { embeddings: unknown[] };
  expect(body.embeddings).toHaveLength(texts);
  return Date.now();
}

describe("test model server with embedMsPerText", () => {
  it("charges each embedding request per text and answers them one at a time; other requests do not wait", async () => {
    const start = Date.now();
    const large = embed(10);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const small = embed(1);
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    // Listing the models is no embedding: answered while the model is still busy.
    let modelsAt = 0;
    const models = fetch(`${server.url}/v1/models`).then(async (r) => {
      await r.json();
      modelsAt = Date.now();
    });

    const [largeAt, smallAt] = await Promise.all([large, small, models]);
    // 10 texts: at least 1 s. The single text waits its turn behind them: at least 1.1 s.
    expect(largeAt - start).toBeGreaterThanOrEqual(10 * MS_PER_TEXT);
    expect(smallAt - start).toBeGreaterThanOrEqual(11 * MS_PER_TEXT);
    expect(smallAt).toBeGreaterThanOrEqual(largeAt);
    expect(modelsAt).toBeLessThan(largeAt);
  });
});
