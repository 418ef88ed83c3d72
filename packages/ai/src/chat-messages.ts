import type { ChatPrompt } from "./ai-provider.js";

/** The prompt as the `messages` of a chat request: Ollama and OpenAI-compatible servers read the same shape. */
export function chatMessages(prompt: ChatPrompt): { role: "system" | "user"; content: string }[] {
  return [
    { role: "system", content: prompt.system },
    { role: "user", content: prompt.user },
  ];
}
