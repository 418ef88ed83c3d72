import { AiDependencyError } from "./ai-dependency-error.js";

/**
 * A chat model's answer must be non-blank text (a blank one is as useless as an error) of at
 * most `maxChars` characters (`AI_MAX_ANSWER_CHARS`).
 */
export function checkAnswer(content: string | null | undefined, what: string, maxChars: number): string {
  if (typeof content !== "string" || content.trim() === "") {
    throw new AiDependencyError("invalid_response", `AI server answered ${what} with an empty message`);
  }
  if (content.length > maxChars) {
    throw new AiDependencyError(
      "too_large",
      `AI server answered ${what} with more than ${maxChars} characters`,
    );
  }
  return content;
}
