import { abortableDelay } from "@tender/backoff";
import type { AiCallOptions, AiProvider, ChatPrompt } from "./ai-provider.js";
import { FAKE_MODEL, fakeEmbed } from "./fake-embed.js";
import { fakeGenerate } from "./fake-generate.js";

export interface FakeProviderOptions {
  /** A pause before each streamed word after the first (`AI_FAKE_WORD_DELAY_MS`), so a demo can be watched. */
  wordDelayMs?: number;
}

/**
 * The deterministic provider for tests and offline runs: `embed` is {@link fakeEmbed},
 * `generate` is {@link fakeGenerate} (streamed word by word), `health` is always ok. It calls nothing outside.
 */
export function createFakeProvider(options: FakeProviderOptions = {}): AiProvider {
  const wordDelayMs = options.wordDelayMs ?? 0;
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
      const words = fakeGenerate(prompt).split(/(?<=\s)(?=\S)/u);
      for (const [i, word] of words.entries()) {
        if (i > 0 && wordDelayMs > 0) await abortableDelay(wordDelayMs, opts?.signal);
        opts?.signal?.throwIfAborted();
        yield word;
      }
    },
    async health() {
      return { ok: true };
    },
  };
}
