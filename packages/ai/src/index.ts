export { AiDependencyError, type AiDependencyErrorKind, isAiDependencyError } from "./ai-dependency-error.js";
export {
  type AiCallOptions,
  type AiHealth,
  type AiProvider,
  type ChatPrompt,
  EMBEDDING_DIMENSION,
  type Embedding,
} from "./ai-provider.js";
export { type AiProviderEnv, aiProviderConfigFromEnv } from "./ai-provider-config-from-env.js";
export {
  ASK_SYSTEM_PROMPT,
  type AskFragment,
  type AskPromptInput,
  type AskPromptOptions,
  buildAskPrompt,
  NOT_ENOUGH_DATA_ANSWER,
} from "./build-ask-prompt.js";
export { type CitationFilter, createCitationFilter, filterCitations } from "./citation-filter.js";
export { type AiProviderConfig, createAiProvider } from "./create-ai-provider.js";
export { FAKE_MODEL, fakeEmbed } from "./fake-embed.js";
export { fakeGenerate } from "./fake-generate.js";
export { createFakeProvider, type FakeProviderOptions } from "./fake-provider.js";
export { l2Normalize } from "./l2-normalize.js";
export type { LiveProviderOptions } from "./live-provider-options.js";
export { type AiCallRecord, observeAiProvider } from "./observe-ai-provider.js";
export { createOllamaProvider } from "./ollama-provider.js";
export { createOpenAiProvider } from "./openai-provider.js";
export { type ParsedAskPrompt, type ParsedFragment, parseAskPrompt } from "./parse-ask-prompt.js";
