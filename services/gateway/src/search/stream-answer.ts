import { createCitationFilter } from "@tender/ai";
import { type AskResponse, NOT_ENOUGH_DATA_ANSWER, type SearchResultItem } from "@tender/contracts";
import type { Deps } from "../deps.js";
import type { PreparedAnswer } from "./prepare-answer.js";

/** One event of a streamed Ask (docs/api.md#streaming-ask). */
export type AskEvent =
  | { event: "sources"; data: { sources: SearchResultItem[] } }
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: AskResponse };

/**
 * Ask's streamed answer: `sources`, then the model's answer as `delta` events, then `done` with
 * the whole answer, which is exactly the deltas put together. Citations outside
 * `1..sources.length` are removed, also when one is split across pieces. Nothing found →
 * `sources` with `[]` and `done` with the fixed sentence; the model is not called. `signal`
 * aborts the model request (the client went away). A model failure rejects the iteration.
 */
export async function* streamAnswer(
  deps: Pick<Deps, "ai">,
  prepared: PreparedAnswer,
  signal: AbortSignal,
): AsyncGenerator<AskEvent, void, undefined> {
  const { sources, prompt } = prepared;
  yield { event: "sources", data: { sources } };
  if (!prompt) {
    yield { event: "done", data: { answer: NOT_ENOUGH_DATA_ANSWER, sources } };
    return;
  }
  const filter = createCitationFilter(sources.length);
  let answer = "";
  for await (const piece of deps.ai.generateStream(prompt, { signal })) {
    const text = filter.push(piece);
    answer += text;
    if (text !== "") yield { event: "delta", data: { text } };
  }
  const rest = filter.end();
  answer += rest;
  if (rest !== "") yield { event: "delta", data: { text: rest } };
  yield { event: "done", data: { answer, sources } };
}
