import { buildAskPrompt, type ChatPrompt } from "@tender/ai";
import type { SearchMode, SearchResultItem, TenderFilters } from "@tender/contracts";
import type { Deps } from "../deps.js";
import { findFragments } from "./find-fragments.js";
import type { Deadline } from "./within-deadline.js";

/** What Ask answers from: the sources found, and the prompt (null when nothing was found). */
export interface PreparedAnswer {
  sources: SearchResultItem[];
  prompt: ChatPrompt | null;
}

/**
 * The part of Ask before the model (docs/api.md#ask): the same search as Search, with the same
 * filters, then the prompt built of the question and the fragments, in the order of `sources`.
 * Nothing found → no prompt: the model is not called.
 */
export async function prepareAnswer(
  deps: Pick<Deps, "db" | "readDb" | "ai" | "config" | "logger">,
  question: string,
  limit: number,
  filters?: TenderFilters,
  deadline?: Deadline,
  mode: SearchMode = "vector",
): Promise<PreparedAnswer> {
  const sources = await findFragments(deps, question, limit, filters, deadline, mode);
  if (sources.length === 0) return { sources, prompt: null };
  const fragments = sources.map((s) => ({ title: s.title, source_url: s.source_url, text: s.snippet }));
  return { sources, prompt: buildAskPrompt({ question, fragments }) };
}
