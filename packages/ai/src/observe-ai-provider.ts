import { inSpan, markSpanFailed, startSpan } from "@tender/observability";
import type { AiProvider } from "./ai-provider.js";

/** One finished model call: which kind, how long it took, and whether it succeeded. */
export interface AiCallRecord {
  operation: "embed" | "generate";
  seconds: number;
  ok: boolean;
}

/**
 * The provider with every `embed` and `generate` call (streamed ones until their last piece)
 * reported to `record`, for the metrics, and run in a span `embed` / `generate` (the model's
 * name and the number of texts; never a text or a prompt). The calls themselves are unchanged.
 */
export function observeAiProvider(ai: AiProvider, record: (call: AiCallRecord) => void): AiProvider {
  const attributes = (operation: AiCallRecord["operation"]) => ({
    "gen_ai.operation.name": operation === "embed" ? "embeddings" : "chat",
    "gen_ai.request.model": operation === "embed" ? ai.embedModel : ai.chatModel,
  });
  const timed = <T>(
    operation: AiCallRecord["operation"],
    call: () => Promise<T>,
    extra: Record<string, number> = {},
  ): Promise<T> =>
    inSpan(operation, { attributes: { ...attributes(operation), ...extra } }, async () => {
      const started = performance.now();
      let ok = false;
      try {
        const result = await call();
        ok = true;
        return result;
      } finally {
        record({ operation, seconds: (performance.now() - started) / 1000, ok });
      }
    });
  return {
    embedModel: ai.embedModel,
    chatModel: ai.chatModel,
    embed: (texts, opts) => timed("embed", () => ai.embed(texts, opts), { "tender.ai.texts": texts.length }),
    generate: (prompt, opts) => timed("generate", () => ai.generate(prompt, opts)),
    async *generateStream(prompt, opts) {
      const span = startSpan("generate", {
        attributes: { ...attributes("generate"), "tender.ai.streamed": true },
      });
      const started = performance.now();
      let ok = false;
      try {
        yield* ai.generateStream(prompt, opts);
        ok = true;
      } catch (error) {
        markSpanFailed(span, error);
        throw error;
      } finally {
        record({ operation: "generate", seconds: (performance.now() - started) / 1000, ok });
        span.end();
      }
    },
    health: (opts) => ai.health(opts),
  };
}
