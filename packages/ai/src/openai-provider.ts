import * as v from "valibot";
import { AiDependencyError } from "./ai-dependency-error.js";
import type { AiCallOptions, AiProvider, ChatPrompt } from "./ai-provider.js";
import { chatMessages } from "./chat-messages.js";
import { checkAnswer } from "./check-answer.js";
import { checkVectors } from "./check-vectors.js";
import { parseResponse, requestJson } from "./http-json.js";
import type { LiveProviderOptions } from "./live-provider-options.js";
import { probeHealth } from "./live-provider-options.js";
import { checkListedModels } from "./model-names.js";
import {
  chatAnswerMaxBytes,
  chatStreamMaxBytes,
  DEFAULT_MAX_ANSWER_CHARS,
  embedAnswerMaxBytes,
  MODEL_LIST_MAX_BYTES,
} from "./response-bounds.js";
import { parseStreamLine, reportedError, type StreamLine, streamChat } from "./stream-chat.js";

const EmbeddingsResponse = v.object({
  data: v.array(v.object({ index: v.pipe(v.number(), v.integer()), embedding: v.unknown() })),
});
const ChatResponse = v.object({
  choices: v.pipe(
    v.array(v.object({ message: v.object({ content: v.nullish(v.string()) }) })),
    v.minLength(1),
  ),
});
const ChatChunk = v.object({
  choices: v.array(v.object({ delta: v.optional(v.object({ content: v.nullish(v.string()) })) })),
});
const ModelsResponse = v.object({ data: v.array(v.object({ id: v.string() })) });

/** The server root: AI_BASE_URL may be given with or without the trailing "/v1" and "/". */
export function openAiServerRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/u, "").replace(/\/v1$/u, "");
}

/**
 * An OpenAI-compatible server (vLLM, llama.cpp, TEI, LM Studio, Ollama's /v1):
 * `POST /v1/embeddings` (float encoding; results put back in input order by `index`),
 * `POST /v1/chat/completions` (temperature 0; with `stream: true` and Server-Sent Events ending
 * in `data: [DONE]` for `generateStream`), `GET /v1/models` for health.
 */
export function createOpenAiProvider(options: LiveProviderOptions): AiProvider {
  const { embedModel, chatModel, apiKey, timeoutMs } = options;
  const baseUrl = openAiServerRoot(options.baseUrl);
  const maxAnswerChars = options.maxAnswerChars ?? DEFAULT_MAX_ANSWER_CHARS;
  const call = (path: string, body: unknown, maxBytes: number, opts?: AiCallOptions) =>
    requestJson({ baseUrl, path, body, apiKey, timeoutMs, maxBytes, signal: opts?.signal });

  return {
    embedModel,
    chatModel,
    async embed(texts: readonly string[], opts?: AiCallOptions) {
      if (texts.length === 0) return [];
      const what = "POST /v1/embeddings";
      const body = { model: embedModel, input: texts, encoding_format: "float" };
      const answer = await call("/v1/embeddings", body, embedAnswerMaxBytes(texts.length), opts);
      const { data } = parseResponse(EmbeddingsResponse, answer, what);
      const sorted = [...data].sort((a, b) => a.index - b.index);
      // Sorted indexes must be exactly 0..n-1, or some input got no vector or two of them.
      if (sorted.length === texts.length && sorted.some((item, i) => item.index !== i)) {
        throw new AiDependencyError("invalid_response", `AI server answered ${what} with wrong indexes`);
      }
      return checkVectors(
        sorted.map((item) => item.embedding),
        texts.length,
        what,
      );
    },
    async generate(prompt: ChatPrompt, opts?: AiCallOptions) {
      const what = "POST /v1/chat/completions";
      const body = { model: chatModel, messages: chatMessages(prompt), temperature: 0 };
      const answer = await call("/v1/chat/completions", body, chatAnswerMaxBytes(maxAnswerChars), opts);
      const { choices } = parseResponse(ChatResponse, answer, what);
      return checkAnswer(choices[0]?.message.content, what, maxAnswerChars);
    },
    generateStream(prompt: ChatPrompt, opts?: AiCallOptions) {
      return streamChat({
        baseUrl,
        path: "/v1/chat/completions",
        body: { model: chatModel, messages: chatMessages(prompt), temperature: 0, stream: true },
        apiKey,
        timeoutMs,
        maxAnswerChars,
        maxBytes: chatStreamMaxBytes(maxAnswerChars),
        signal: opts?.signal,
        accept: "text/event-stream",
        framing: "sse",
        readMessage: (data) => readChatEvent(data, "POST /v1/chat/completions"),
      });
    },
    health(opts?: AiCallOptions) {
      return probeHealth(async () => {
        const { data } = parseResponse(
          ModelsResponse,
          await call("/v1/models", undefined, MODEL_LIST_MAX_BYTES, opts),
          "GET /v1/models",
        );
        return checkListedModels(
          [embedModel, chatModel],
          data.map((m) => m.id),
        );
      });
    },
  };
}

/**
 * Reads the data of one Server-Sent Event of a streamed chat completion: `[DONE]` ends the
 * answer; an `error` object is the server's failure; anything else is a chunk of the answer.
 */
function readChatEvent(data: string, what: string): StreamLine {
  if (data === "[DONE]") return { done: true };
  const event = parseStreamLine(data, what);
  if (typeof event === "object" && event !== null && "error" in event) throw reportedError(what);
  const text = parseResponse(ChatChunk, event, what).choices[0]?.delta?.content;
  return { text: text ?? "" };
}
