import * as v from "valibot";
import { envEnum } from "./env-enum.js";
import { envInt } from "./env-int.js";
import { envString } from "./env-string.js";
import { envUrl } from "./env-url.js";

export const AI_PROVIDERS = ["fake", "ollama", "openai"] as const;

/**
 * AI provider: `AI_PROVIDER` (fake | ollama | openai, default fake), `AI_BASE_URL` (required
 * unless fake), `AI_EMBED_MODEL` (default bge-m3), `AI_CHAT_MODEL` (default qwen2.5:7b-instruct),
 * `AI_API_KEY` (optional bearer token), `AI_TIMEOUT_MS` (default 30000), `AI_MAX_ANSWER_CHARS`
 * (default 20000: a longer chat answer fails, and its body is not read past the bound),
 * `AI_FAKE_WORD_DELAY_MS` (default 0: the fake streams its answer without pauses).
 */
export const AiEnv = v.pipe(
  v.object({
    AI_PROVIDER: envEnum(AI_PROVIDERS, { default: "fake" }),
    AI_BASE_URL: envUrl({ protocols: ["http", "https"], optional: true }),
    AI_EMBED_MODEL: envString({ default: "bge-m3" }),
    AI_CHAT_MODEL: envString({ default: "qwen2.5:7b-instruct" }),
    AI_API_KEY: envString({ optional: true }),
    AI_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 30_000 }),
    AI_MAX_ANSWER_CHARS: envInt({ min: 100, max: 1_000_000, default: 20_000 }),
    AI_FAKE_WORD_DELAY_MS: envInt({ min: 0, max: 10_000, default: 0 }),
  }),
  // partialCheck still runs when an unrelated AI_* variable is bad, so both problems are reported.
  v.forward(
    v.partialCheck(
      [["AI_PROVIDER"], ["AI_BASE_URL"]],
      (env) => env.AI_PROVIDER === "fake" || env.AI_BASE_URL !== undefined,
      "required when AI_PROVIDER is ollama or openai",
    ),
    ["AI_BASE_URL"],
  ),
);
export type AiEnv = v.InferOutput<typeof AiEnv>;
