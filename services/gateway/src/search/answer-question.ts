import { filterCitations } from "@tender/ai";
import { type AskResponse, NOT_ENOUGH_DATA_ANSWER } from "@tender/contracts";
import type { Deps } from "../deps.js";
import type { PreparedAnswer } from "./prepare-answer.js";

/**
 * Ask's JSON answer (docs/api.md#ask): nothing found → the fixed sentence and no sources, without
 * calling the model; otherwise the model's answer to the prompt, with citations outside
 * `1..sources.length` removed (docs/api.md#streaming-ask), and the fragments as `sources`.
 */
export async function answerQuestion(
  deps: Pick<Deps, "ai">,
  prepared: PreparedAnswer,
  signal?: AbortSignal,
): Promise<AskResponse> {
  const { sources, prompt } = prepared;
  if (!prompt) return { answer: NOT_ENOUGH_DATA_ANSWER, sources: [] };
  const answer = await deps.ai.generate(prompt, { signal });
  return { answer: filterCitations(answer, sources.length), sources };
}
