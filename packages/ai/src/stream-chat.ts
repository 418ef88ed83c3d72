import { capBody } from "@tender/egress";
import { createParser } from "eventsource-parser";
import { AiDependencyError } from "./ai-dependency-error.js";
import type { AiCallOptions } from "./ai-provider.js";
import { joinUrl, refuseStatus, requestHeaders, toDependencyError } from "./http-json.js";

/** What one message of a streamed answer said: a piece of text, the end, or nothing. */
export interface StreamLine {
  text?: string;
  done?: boolean;
}

export interface ChatStreamRequest extends AiCallOptions {
  baseUrl: string;
  path: string;
  body: unknown;
  apiKey?: string | undefined;
  /** The longest wait for the first piece, and between two pieces. */
  timeoutMs: number;
  /** `AI_MAX_ANSWER_CHARS`: more streamed characters fail as `too_large`. */
  maxAnswerChars: number;
  /** The body is not read past this many bytes (`too_large`). */
  maxBytes: number;
  accept: string;
  /** How the body is cut into messages: lines of JSON (Ollama), or Server-Sent Events. */
  framing: "ndjson" | "sse";
  /**
   * Reads one message: a line without its line break (`ndjson`) or the data of one event
   * (`sse`); throws `AiDependencyError` on a bad one.
   */
  readMessage: (message: string) => StreamLine;
}

/**
 * A chat answer streamed by the model server, piece by piece, as lines (NDJSON or SSE).
 * `timeoutMs` bounds the wait for the first piece and for each next one, not the whole answer:
 * a long answer that keeps flowing is fine. The time the caller takes with a piece does not
 * count. Stopping the iteration (or the caller's signal) aborts the request to the model server.
 * Every failure is an `AiDependencyError`: `http` (a status, or an error reported mid-stream),
 * `timeout`, `invalid_json` or `invalid_response` (a broken line, an empty answer, an answer
 * that ends without its end marker), `too_large`, `unreachable` (also a connection cut mid-answer).
 */
export async function* streamChat(req: ChatStreamRequest): AsyncGenerator<string, void, undefined> {
  const what = `POST ${req.path}`;
  const idle = new AbortController();
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const startClock = () => {
    timer = setTimeout(() => idle.abort(), req.timeoutMs);
  };
  const signals = [idle.signal, stop.signal, ...(req.signal ? [req.signal] : [])];
  let chars = 0;
  let blank = true;
  let done = false;
  startClock();
  try {
    const response = await fetch(joinUrl(req.baseUrl, req.path), {
      method: "POST",
      headers: requestHeaders(req.accept, req.apiKey, true),
      body: JSON.stringify(req.body),
      signal: AbortSignal.any(signals),
    });
    if (!response.ok) await refuseStatus(response, what);
    for await (const message of bodyMessages(response.body, req.maxBytes, req.framing)) {
      const read = req.readMessage(message);
      if (read.text) {
        chars += read.text.length;
        if (chars > req.maxAnswerChars) {
          throw new AiDependencyError(
            "too_large",
            `AI server answered ${what} with more than ${req.maxAnswerChars} characters`,
          );
        }
        if (read.text.trim() !== "") blank = false;
        clearTimeout(timer);
        yield read.text;
        startClock();
      }
      if (read.done) {
        done = true;
        break;
      }
    }
    if (!done) {
      throw new AiDependencyError(
        "invalid_response",
        `AI server ended ${what} before the answer was complete`,
      );
    }
    if (blank)
      throw new AiDependencyError("invalid_response", `AI server answered ${what} with an empty message`);
  } catch (error) {
    throw toDependencyError(error, {
      what,
      maxBytes: req.maxBytes,
      signal: req.signal,
      timedOut: idle.signal.aborted,
      timeoutMessage: `AI server sent nothing of ${what} for ${req.timeoutMs} ms`,
    });
  } finally {
    clearTimeout(timer);
    // Whether the answer ended, failed or the caller stopped reading: nothing stays open.
    stop.abort();
  }
}

/** Cuts a body into messages as it arrives: `feed` returns the messages a piece completed. */
interface Splitter {
  feed(text: string): string[];
  /** What is left at the end of the body that still counts as a message. */
  end(): string[];
}

/** Lines without their line breaks (LF or CRLF); the last may lack its break. */
function lineSplitter(): Splitter {
  let buffer = "";
  return {
    feed(text) {
      buffer += text;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
    },
    end: () => (buffer === "" ? [] : [buffer]),
  };
}

/** The data of each Server-Sent Event; an event the body cut off before its blank line is dropped. */
function eventSplitter(): Splitter {
  let events: string[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event.data) });
  return {
    feed(text) {
      parser.feed(text);
      const completed = events;
      events = [];
      return completed;
    },
    end: () => [],
  };
}

/** The messages of a body, read up to `maxBytes`. */
async function* bodyMessages(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  framing: ChatStreamRequest["framing"],
): AsyncGenerator<string> {
  if (!body) return;
  const splitter = framing === "sse" ? eventSplitter() : lineSplitter();
  const decoder = new TextDecoder("utf-8");
  for await (const bytes of capBody(body, maxBytes))
    yield* splitter.feed(decoder.decode(bytes, { stream: true }));
  yield* splitter.feed(decoder.decode());
  yield* splitter.end();
}

/** Parses one line of a streamed answer as JSON, or fails as `invalid_json`. */
export function parseStreamLine(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new AiDependencyError("invalid_json", `AI server answered ${what} with a line that is not JSON`);
  }
}

/** An error the model server reported in the middle of a streamed answer. */
export function reportedError(what: string): AiDependencyError {
  return new AiDependencyError("http", `AI server reported an error in the middle of ${what}`);
}
