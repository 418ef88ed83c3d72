import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiProvider } from "./create-ai-provider.js";
import { fakeEmbed } from "./fake-embed.js";
import { correctProtocols, startTestModelServer, type TestModelServer } from "./testing/test-model-server.js";

describe("createAiProvider", () => {
  let server: TestModelServer;
  beforeAll(async () => {
    server = await startTestModelServer(correctProtocols(["bge-m3", "chat"]));
  });
  afterAll(() => server.close());
  const live = () => ({ baseUrl: server.url, embedModel: "bge-m3", chatModel: "chat", timeoutMs: 5000 });

  it("builds the fake without any server", async () => {
    const fake = createAiProvider({ provider: "fake" });
    expect(fake.embedModel).toBe("fake-hash-1024");
    expect(await fake.embed(["road"])).toEqual([fakeEmbed("road")]);
  });

  it("builds the Ollama and the OpenAI-compatible provider from the same settings", async () => {
    const ollama = createAiProvider({ provider: "ollama", ...live() });
    const openai = createAiProvider({ provider: "openai", ...live() });
    expect([ollama.embedModel, ollama.chatModel]).toEqual(["bge-m3", "chat"]);
    await ollama.embed(["a"]);
    await openai.embed(["a"]);
    expect(server.requests.map((r) => r.path)).toEqual(["/api/embed", "/v1/embeddings"]);
  });
});
