import * as v from "valibot";
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

const EmbedResponse = v.object({ embeddings: v.array(v.unknown()) });
const ChatResponse = v.object({ message: v.object({ content: v.string() }) });
const ChatStreamLine = v.object({
  message: v.optional(v.object({ content: v.optional(v.string()) })),
  done: v.optional(v.boolean()),
});
const TagsResponse = v.object({
  models: v.array(v.object({ name: v.string(), model: v.optional(v.string()) })),
});

/**
 * Ollama's native API: `POST /api/embed`, `POST /api/chat` (temperature 0; `stream: false`
 * for `generate`, `stream: true` with NDJSON lines for `generateStream`), `GET /api/tags` for
 * health (both configured models must be listed).
 */
export function createOllamaProvider(options: LiveProviderOptions): AiProvider {
  const { baseUrl, embedModel, chatModel, apiKey, timeoutMs } = options;
  const maxAnswerChars = options.maxAnswerChars ?? DEFAULT_MAX_ANSWER_CHARS;
  const call = (path: string, body: unknown, maxBytes: number, opts?: AiCallOptions) =>
    requestJson({ baseUrl, path, body, apiKey, timeoutMs, maxBytes, signal: opts?.signal });

  return {
    embedModel,
    chatModel,
    async embed(texts: readonly string[], opts?: AiCallOptions) {
      if (texts.length === 0) return [];
      const what = "POST /api/embed";
      const body = { model: embedModel, input: texts };
      const data = await call("/api/embed", body, embedAnswerMaxBytes(texts.length), opts);
      return checkVectors(parseResponse(EmbedResponse, data, what).embeddings, texts.length, what);
    },
    async generate(prompt: ChatPrompt, opts?: AiCallOptions) {
      const body = {
        model: chatModel,
        messages: chatMessages(prompt),
        stream: false,
        options: { temperature: 0 },
      };
      const what = "POST /api/chat";
      const data = await call("/api/chat", body, chatAnswerMaxBytes(maxAnswerChars), opts);
      return checkAnswer(parseResponse(ChatResponse, data, what).message.content, what, maxAnswerChars);
    },
    generateStream(prompt: ChatPrompt, opts?: AiCallOptions) {
      const what = "POST /api/chat";
      return streamChat({
        baseUrl,
        path: "/api/chat",
        body: { model: chatModel, messages: chatMessages(prompt), stream: true, options: { temperature: 0 } },
        apiKey,
        timeoutMs,
        maxAnswerChars,
        maxBytes: chatStreamMaxBytes(maxAnswerChars),
        signal: opts?.signal,
        accept: "application/x-ndjson",
        framing: "ndjson",
        readMessage: (line): StreamLine => {
          if (line.trim() === "") return {};
          const data = parseStreamLine(line, what);
          // Ollama reports a failure after the first line as a line of its own: {"error": "..."}.
          if (typeof data === "object" && data !== null && "error" in data) throw reportedError(what);
          const { message, done } = parseResponse(ChatStreamLine, data, what);
          return { text: message?.content ?? "", done: done === true };
        },
      });
    },
    health(opts?: AiCallOptions) {
      return probeHealth(async () => {
        const data = await call("/api/tags", undefined, MODEL_LIST_MAX_BYTES, opts);
        const { models } = parseResponse(TagsResponse, data, "GET /api/tags");
        const listed = models.flatMap((m) => (m.model ? [m.name, m.model] : [m.name]));
        return checkListedModels([embedModel, chatModel], listed);
      });
    },
  };
}
