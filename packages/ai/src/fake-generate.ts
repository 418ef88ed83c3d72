import type { ChatPrompt } from "./ai-provider.js";
import { FRAGMENTS_HEADING, NOT_ENOUGH_DATA_ANSWER } from "./build-ask-prompt.js";

const HEADER = /^\[(\d+)\] /u;
// Up to the first . ! ? or … that ends the text or is followed by white space.
const FIRST_SENTENCE = /^.*?[.!?…](?=\s|$)/su;

/** The numbered fragment texts of a user message built by `buildAskPrompt`, in order. */
function parseFragments(user: string): { n: number; text: string }[] {
  const lines = user.split("\n");
  const start = lines.indexOf(FRAGMENTS_HEADING);
  if (start < 0) return [];
  const fragments: { n: number; lines: string[] }[] = [];
  for (const line of lines.slice(start + 1)) {
    // Only the next number opens a fragment, so a stray "[7] …" line inside a text stays text.
    if (Number(HEADER.exec(line)?.[1]) === fragments.length + 1) {
      fragments.push({ n: fragments.length + 1, lines: [] });
    } else {
      fragments.at(-1)?.lines.push(line);
    }
  }
  return fragments.map((f) => ({ n: f.n, text: f.lines.join(" ").replace(/\s+/gu, " ").trim() }));
}

/**
 * The fake model's answer: one line per fragment of the Ask prompt that has text, holding the
 * fragment's first sentence followed by ` [n]` (for example `Поставка серверов. [1]`), lines
 * joined by "\n". Without such fragments it is {@link NOT_ENOUGH_DATA_ANSWER}. Deterministic,
 * and made only of text from the prompt.
 */
export function fakeGenerate(prompt: ChatPrompt): string {
  const lines = parseFragments(prompt.user)
    .filter((f) => f.text !== "")
    .map((f) => `${FIRST_SENTENCE.exec(f.text)?.[0] ?? f.text} [${f.n}]`);
  return lines.length > 0 ? lines.join("\n") : NOT_ENOUGH_DATA_ANSWER;
}
