import { AiDependencyError } from "./ai-dependency-error.js";

/** A chat model's answer must be non-blank text; a blank one is as useless as an error. */
export function checkAnswer(content: string | null | undefined, what: string): string {
  if (typeof content !== "string" || content.trim() === "") {
    throw new AiDependencyError("invalid_response", `AI server answered ${what} with an empty message`);
  }
  return content;
}
