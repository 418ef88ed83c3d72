import { isAiDependencyError } from "./ai-dependency-error.js";
import type { AiHealth } from "./ai-provider.js";

/** Connection settings of a live provider (AI_BASE_URL, AI_EMBED_MODEL, ...). */
export interface LiveProviderOptions {
  baseUrl: string;
  embedModel: string;
  chatModel: string;
  /** Sent as `Authorization: Bearer <apiKey>` when set. */
  apiKey?: string | undefined;
  /** Bound on each request, including reading the response body. */
  timeoutMs: number;
  /** `AI_MAX_ANSWER_CHARS`: a longer chat answer fails (default 20000). */
  maxAnswerChars?: number | undefined;
}

/** Runs a health probe; a failing model server is `{ok: false}`, the caller's abort rejects. */
export async function probeHealth(probe: () => Promise<AiHealth>): Promise<AiHealth> {
  try {
    return await probe();
  } catch (error) {
    if (isAiDependencyError(error)) return { ok: false, reason: error.message };
    throw error;
  }
}
