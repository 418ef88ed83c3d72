import { describe, expect, it } from "vitest";
import { type AiProviderEnv, aiProviderConfigFromEnv } from "./ai-provider-config-from-env.js";

const env: AiProviderEnv = {
  AI_PROVIDER: "ollama",
  AI_BASE_URL: "http://127.0.0.1:11434",
  AI_EMBED_MODEL: "bge-m3",
  AI_CHAT_MODEL: "qwen2.5:7b-instruct",
  AI_API_KEY: "secret",
  AI_TIMEOUT_MS: 30_000,
  AI_MAX_ANSWER_CHARS: 20_000,
};

describe("aiProviderConfigFromEnv", () => {
  it("maps the AI_* variables of a live provider to its settings", () => {
    expect(aiProviderConfigFromEnv(env)).toEqual({
      provider: "ollama",
      baseUrl: "http://127.0.0.1:11434",
      embedModel: "bge-m3",
      chatModel: "qwen2.5:7b-instruct",
      apiKey: "secret",
      timeoutMs: 30_000,
      maxAnswerChars: 20_000,
    });
  });

  it("gives the fake nothing but its name", () => {
    expect(aiProviderConfigFromEnv({ ...env, AI_PROVIDER: "fake", AI_BASE_URL: undefined })).toEqual({
      provider: "fake",
    });
    expect(
      aiProviderConfigFromEnv({
        ...env,
        AI_PROVIDER: "fake",
        AI_BASE_URL: undefined,
        AI_FAKE_WORD_DELAY_MS: 80,
      }),
    ).toEqual({ provider: "fake", wordDelayMs: 80 });
  });

  it("refuses a live provider without AI_BASE_URL", () => {
    expect(() => aiProviderConfigFromEnv({ ...env, AI_PROVIDER: "openai", AI_BASE_URL: undefined })).toThrow(
      "AI_BASE_URL is required for a live AI provider",
    );
  });
});
