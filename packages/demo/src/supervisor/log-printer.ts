import { styleText } from "node:util";
import { formatLogLine } from "./format-log-line.js";

type Color = Parameters<typeof styleText>[0];

const SERVICE_COLORS: readonly Color[] = ["cyan", "magenta", "blue", "green", "yellow", "white"];
const LEVEL_STYLES: Record<string, Color> = {
  warn: "yellow",
  error: "red",
  fatal: ["red", "bold"],
  debug: "gray",
  trace: "gray",
};

/** Where the demo writes; `process.stdout` in the demo. */
export interface TextSink {
  write(text: string): unknown;
  /** A terminal's `hasColors()` (it honours NO_COLOR, FORCE_COLOR and TERM). */
  hasColors?: () => boolean;
}

/** Prints lines as `name | text`, the name padded to `width` and coloured when `sink` is a terminal. */
export interface LogPrinter {
  /** A line of one of the services (a pino JSON record or plain text). */
  serviceLine(service: string, raw: string): void;
  /** A line of the demo itself (prefix `demo`). */
  say(text: string): void;
  /** A problem of the demo itself, in red. */
  warn(text: string): void;
  width: number;
}

/**
 * A printer for the supervisor's output: every service gets its own colour (in the order
 * first seen), levels other than info are marked, colours only where `sink.hasColors()` says so.
 */
export function createLogPrinter(sink: TextSink, width = 16): LogPrinter {
  const colors = new Map<string, Color>();
  const colored = sink.hasColors?.() === true;
  const style = (format: Color, text: string) =>
    colored ? styleText(format, text, { validateStream: false }) : text;
  const colorOf = (name: string): Color => {
    let color = colors.get(name);
    if (!color) {
      color = SERVICE_COLORS[colors.size % SERVICE_COLORS.length] ?? "white";
      colors.set(name, color);
    }
    return color;
  };
  const prefix = (name: string) => style(colorOf(name), `${name.padEnd(width)} |`);
  return {
    width,
    serviceLine(service, raw) {
      const { level, text } = formatLogLine(raw);
      if (text === "") return;
      const levelStyle = LEVEL_STYLES[level];
      const marked = level === "info" || level === "out" ? text : `${level.toUpperCase()} ${text}`;
      sink.write(`${prefix(service)} ${levelStyle ? style(levelStyle, marked) : marked}\n`);
    },
    say(text) {
      sink.write(`${style("bold", `${"demo".padEnd(width)} |`)} ${text}\n`);
    },
    warn(text) {
      sink.write(`${style("bold", `${"demo".padEnd(width)} |`)} ${style(["red", "bold"], text)}\n`);
    },
  };
}
