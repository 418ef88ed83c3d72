// Test support: an AI provider whose embedding side can be taken down, held or renamed at will.
import { AiDependencyError, type AiProvider, createFakeProvider } from "@tender/ai";

export interface SwitchableProvider extends AiProvider {
  /** `up`: the fake answers; `down`: every call fails like an unreachable server; `hang`: calls never answer. */
  mode: "up" | "down" | "hang";
  /** The model name reported (and stored with chunks); default the fake's. */
  embedModel: string;
  /** Embedding calls so far. */
  calls: number;
  /** Runs before each embedding call (e.g. to change the database meanwhile). */
  beforeEmbed?: () => Promise<void>;
}

/** The fake provider behind a switch. */
export function createSwitchableProvider(): SwitchableProvider {
  const fake = createFakeProvider();
  const provider: SwitchableProvider = {
    mode: "up",
    embedModel: fake.embedModel,
    chatModel: fake.chatModel,
    calls: 0,
    async embed(texts, opts) {
      provider.calls += 1;
      await provider.beforeEmbed?.();
      if (provider.mode === "down")
        throw new AiDependencyError("unreachable", "POST /api/embed: connection refused");
      if (provider.mode === "hang") await new Promise(() => {});
      return fake.embed(texts, opts);
    },
    generate: (prompt, opts) => fake.generate(prompt, opts),
    generateStream: (prompt, opts) => fake.generateStream(prompt, opts),
    health: async () => (provider.mode === "up" ? { ok: true } : { ok: false, reason: "down" }),
  };
  return provider;
}
