import { FRAGMENTS_HEADING, fragmentEnd } from "./build-ask-prompt.js";

/** A fragment read back from an Ask prompt. */
export interface ParsedFragment {
  n: number;
  /** The header after `[n] `: `title — source_url`. */
  header: string;
  text: string;
}

export interface ParsedAskPrompt {
  question: string;
  fragments: ParsedFragment[];
}

const HEADER = /^\[(\d+)\] (.*)$/u;
const START = /^<<<fragment (\d+) ([0-9a-z]+)>>>$/u;

/**
 * Reads a user message built by `buildAskPrompt` the way its rules say a model must: a fragment
 * opens with its `[n]` header and the start line of the next number, and its text runs to the
 * end line with the same key. Lines of a text that look like headers, questions or delimiters
 * stay text. Null when the message does not have that structure.
 */
export function parseAskPrompt(user: string): ParsedAskPrompt | null {
  const lines = user.split("\n");
  const question = /^Question: (.*)$/u.exec(lines[0] ?? "")?.[1];
  if (question === undefined || lines[1] !== "" || lines[2] !== FRAGMENTS_HEADING) return null;
  const fragments: ParsedFragment[] = [];
  let key: string | undefined;
  let i = 3;
  while (i < lines.length) {
    if (lines[i] !== "") return null;
    const n = fragments.length + 1;
    const header = HEADER.exec(lines[i + 1] ?? "");
    const start = START.exec(lines[i + 2] ?? "");
    if (!header || !start || Number(header[1]) !== n || Number(start[1]) !== n) return null;
    key ??= start[2] ?? "";
    if (start[2] !== key) return null;
    const end = lines.indexOf(fragmentEnd(n, key), i + 3);
    if (end < 0) return null;
    fragments.push({ n, header: header[2] ?? "", text: lines.slice(i + 3, end).join("\n") });
    i = end + 1;
  }
  return { question, fragments };
}
