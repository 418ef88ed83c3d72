import type { ChatPrompt } from "./ai-provider.js";
import { NOT_ENOUGH_DATA_ANSWER } from "./build-ask-prompt.js";
import { parseAskPrompt } from "./parse-ask-prompt.js";

// Up to the first . ! ? or … that ends the text or is followed by white space.
const FIRST_SENTENCE = /^.*?[.!?…](?=\s|$)/su;

/**
 * The fake model's answer: one line per fragment of the Ask prompt that has text, holding the
 * fragment's first sentence followed by ` [n]` (for example `Поставка серверов. [1]`), lines
 * joined by "\n". Without such fragments it is {@link NOT_ENOUGH_DATA_ANSWER}. Deterministic,
 * and made only of text from the prompt. Fragments are read as `parseAskPrompt` reads them, so
 * lines of a document that imitate the prompt's structure stay text.
 */
export function fakeGenerate(prompt: ChatPrompt): string {
  const lines = (parseAskPrompt(prompt.user)?.fragments ?? [])
    .map((f) => ({ n: f.n, text: f.text.replace(/\s+/gu, " ").trim() }))
    .filter((f) => f.text !== "")
    .map((f) => `${FIRST_SENTENCE.exec(f.text)?.[0] ?? f.text} [${f.n}]`);
  return lines.length > 0 ? lines.join("\n") : NOT_ENOUGH_DATA_ANSWER;
}
