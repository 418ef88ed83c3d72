import type { AiProviderConfig } from "./create-ai-provider.js";

/** The `AI_*` variables as `AiEnv` of @tender/config parses them (a structural type, no dependency). */
export interface AiProviderEnv {
  AI_PROVIDER: AiProviderConfig["provider"];
  AI_BASE_URL?: string | undefined;
  AI_EMBED_MODEL: string;
  AI_CHAT_MODEL: string;
  AI_API_KEY?: string | undefined;
  AI_TIMEOUT_MS: number;
  AI_MAX_ANSWER_CHARS: number;
  AI_FAKE_WORD_DELAY_MS?: number | undefined;
}

/**
 * The provider settings of the environment (AI_PROVIDER, AI_BASE_URL, AI_*_MODEL, ...); the
 * fake ignores the rest. Throws when a live provider has no AI_BASE_URL.
 */
export function aiProviderConfigFromEnv(env: AiProviderEnv): AiProviderConfig {
  if (env.AI_PROVIDER === "fake") {
    return env.AI_FAKE_WORD_DELAY_MS
      ? { provider: "fake", wordDelayMs: env.AI_FAKE_WORD_DELAY_MS }
      : { provider: "fake" };
  }
  if (env.AI_BASE_URL === undefined) throw new Error("AI_BASE_URL is required for a live AI provider");
  return {
    provider: env.AI_PROVIDER,
    baseUrl: env.AI_BASE_URL,
    embedModel: env.AI_EMBED_MODEL,
    chatModel: env.AI_CHAT_MODEL,
    apiKey: env.AI_API_KEY,
    timeoutMs: env.AI_TIMEOUT_MS,
    maxAnswerChars: env.AI_MAX_ANSWER_CHARS,
  };
}
