import type { AiCallOptions, AiProvider, ChatPrompt } from "./ai-provider.js";
import { FAKE_MODEL, fakeEmbed } from "./fake-embed.js";
import { fakeGenerate } from "./fake-generate.js";

/**
 * The deterministic provider for tests and offline runs: `embed` is {@link fakeEmbed},
 * `generate` is {@link fakeGenerate}, `health` is always ok. It calls nothing outside.
 */
export function createFakeProvider(): AiProvider {
  return {
    embedModel: FAKE_MODEL,
    chatModel: FAKE_MODEL,
    async embed(texts: readonly string[], opts?: AiCallOptions) {
      opts?.signal?.throwIfAborted();
      return texts.map(fakeEmbed);
    },
    async generate(prompt: ChatPrompt, opts?: AiCallOptions) {
      opts?.signal?.throwIfAborted();
      return fakeGenerate(prompt);
    },
    async health() {
      return { ok: true };
    },
  };
}
