import { buildAskPrompt, filterCitations } from "@tender/ai";
import { type AskResponse, NOT_ENOUGH_DATA_ANSWER, type TenderFilters } from "@tender/contracts";
import type { Deps } from "../deps.js";
import { findFragments } from "./find-fragments.js";

/**
 * Ask (spec 4.2): the same search as Search (with the same filters); nothing found → the fixed sentence and no
 * sources, without calling the model; otherwise the model answers from the prompt built of
 * the question and the fragments, which are returned as `sources`. Citations outside
 * `1..sources.length` are removed from the answer (extensions.md 4).
 */
export async function answerQuestion(
  deps: Pick<Deps, "db" | "ai" | "config">,
  question: string,
  limit: number,
  filters?: TenderFilters,
): Promise<AskResponse> {
  const sources = await findFragments(deps, question, limit, filters);
  if (sources.length === 0) return { answer: NOT_ENOUGH_DATA_ANSWER, sources: [] };
  const prompt = buildAskPrompt({
    question,
    fragments: sources.map((s) => ({ title: s.title, source_url: s.source_url, text: s.snippet })),
  });
  const answer = await deps.ai.generate(prompt);
  return { answer: filterCitations(answer, sources.length), sources };
}
