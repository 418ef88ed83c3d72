import type { AiCallOptions, AiProvider, ChatPrompt } from "./ai-provider.js";
import { FAKE_MODEL, fakeEmbed } from "./fake-embed.js";
import { fakeGenerate } from "./fake-generate.js";

/**
 * The deterministic provider for tests and offline runs: `embed` is {@link fakeEmbed},
 * `generate` is {@link fakeGenerate} (streamed word by word), `health` is always ok. It calls nothing outside.
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
    async *generateStream(prompt: ChatPrompt, opts?: AiCallOptions) {
      // Word by word, each word with the white space after it: the pieces add up to `generate`.
      for (const word of fakeGenerate(prompt).split(/(?<=\s)(?=\S)/u)) {
        opts?.signal?.throwIfAborted();
        yield word;
      }
    },
    async health() {
      return { ok: true };
    },
  };
}
