import type { AiProvider } from "./ai-provider.js";

/** One finished model call: which kind, how long it took, and whether it succeeded. */
export interface AiCallRecord {
  operation: "embed" | "generate";
  seconds: number;
  ok: boolean;
}

/**
 * The provider with every `embed` and `generate` call (streamed ones until their last piece)
 * reported to `record`, for the metrics. The calls themselves are unchanged.
 */
export function observeAiProvider(ai: AiProvider, record: (call: AiCallRecord) => void): AiProvider {
  const timed = async <T>(operation: AiCallRecord["operation"], call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    let ok = false;
    try {
      const result = await call();
      ok = true;
      return result;
    } finally {
      record({ operation, seconds: (performance.now() - started) / 1000, ok });
    }
  };
  return {
    embedModel: ai.embedModel,
    chatModel: ai.chatModel,
    embed: (texts, opts) => timed("embed", () => ai.embed(texts, opts)),
    generate: (prompt, opts) => timed("generate", () => ai.generate(prompt, opts)),
    async *generateStream(prompt, opts) {
      const started = performance.now();
      let ok = false;
      try {
        yield* ai.generateStream(prompt, opts);
        ok = true;
      } finally {
        record({ operation: "generate", seconds: (performance.now() - started) / 1000, ok });
      }
    },
    health: (opts) => ai.health(opts),
  };
}
