/** One step of a scripted answer body: write text, wait, never go on, or cut the connection. */
export type ScriptStep = { write: string } | { waitMs: number } | "hang" | "disconnect";

/** A body written step by step; the body ends after the last step unless it hangs or disconnects. */
export interface ScriptedBody {
  contentType: string;
  steps: ScriptStep[];
}

export type StreamProtocol = "ollama" | "openai";

/**
 * How a scripted streamed answer goes: `complete` (every piece, then the end marker); after the
 * first piece, `stall` (nothing more, ever), `broken_line` (a line that is not JSON),
 * `disconnect` (the connection is cut) or `error` (the server reports an error, as a 500 after
 * the first chunk does on these protocols, where the status line is already sent).
 */
export type StreamEnding = "complete" | "stall" | "broken_line" | "disconnect" | "error";

const ollamaLine = (content: string, done = false) =>
  `${JSON.stringify({ model: "test", created_at: "2026-01-01T00:00:00Z", message: { role: "assistant", content }, done })}\n`;
const openAiEvent = (content: string) =>
  `data: ${JSON.stringify({ object: "chat.completion.chunk", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

const framing = {
  ollama: {
    contentType: "application/x-ndjson",
    piece: (text: string) => ollamaLine(text),
    end: [ollamaLine("", true)],
    broken: '{"message":{"role":"assistant","content":"bro\n',
    error: '{"error":"model runner crashed"}\n',
  },
  openai: {
    contentType: "text/event-stream",
    piece: openAiEvent,
    end: [
      `data: ${JSON.stringify({ object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
      "data: [DONE]\n\n",
    ],
    broken: 'data: {"choices":[{"delta":{"content":"bro\n\n',
    error: `data: ${JSON.stringify({ error: { message: "model runner crashed", code: 500 } })}\n\n`,
  },
} as const;

/**
 * A streamed chat answer in a protocol's framing (Ollama NDJSON, OpenAI-compatible SSE):
 * `pieces` one line or event each, `gapMs` apart, ending as `ending` says.
 */
export function scriptedStream(
  protocol: StreamProtocol,
  pieces: readonly string[],
  options: { ending?: StreamEnding; gapMs?: number } = {},
): ScriptedBody {
  const f = framing[protocol];
  const ending = options.ending ?? "complete";
  const wait: ScriptStep[] = options.gapMs ? [{ waitMs: options.gapMs }] : [];
  const shown = ending === "complete" ? pieces : pieces.slice(0, 1);
  const steps: ScriptStep[] = shown.flatMap((p, i) => [...(i > 0 ? wait : []), { write: f.piece(p) }]);
  switch (ending) {
    case "complete":
      steps.push(...f.end.map((write) => ({ write })));
      break;
    case "stall":
      steps.push("hang");
      break;
    case "broken_line":
      steps.push({ write: f.broken }, "hang");
      break;
    case "disconnect":
      // A moment later, so that the client has read the first piece when the connection drops.
      steps.push({ waitMs: 50 }, "disconnect");
      break;
    case "error":
      steps.push({ write: f.error });
      break;
  }
  return { contentType: f.contentType, steps };
}
