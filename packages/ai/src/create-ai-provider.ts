import type { AiProvider } from "./ai-provider.js";
import { createFakeProvider } from "./fake-provider.js";
import type { LiveProviderOptions } from "./live-provider-options.js";
import { createOllamaProvider } from "./ollama-provider.js";
import { createOpenAiProvider } from "./openai-provider.js";

/** AI_PROVIDER and, for a live provider, its connection settings. */
export type AiProviderConfig =
  | { provider: "fake"; wordDelayMs?: number }
  | ({ provider: "ollama" | "openai" } & LiveProviderOptions);

/** The provider named by the configuration. */
export function createAiProvider(config: AiProviderConfig): AiProvider {
  switch (config.provider) {
    case "fake":
      return createFakeProvider(config.wordDelayMs === undefined ? {} : { wordDelayMs: config.wordDelayMs });
    case "ollama":
      return createOllamaProvider(config);
    case "openai":
      return createOpenAiProvider(config);
  }
}
