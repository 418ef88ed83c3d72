/** A service's log line made short for the demo's terminal. */
export interface FormattedLogLine {
  /** `info`, `warn`, `error`, ... or `out` for a line that is not a pino JSON record. */
  level: string;
  text: string;
}

const PINO_LEVELS: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};
/** Fields every record has, or that the prefix already shows. */
const HIDDEN = new Set(["level", "time", "pid", "hostname", "name", "msg", "v"]);
const MAX_FIELDS = 5;
const MAX_VALUE_CHARS = 60;

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > MAX_VALUE_CHARS ? `${oneLine.slice(0, MAX_VALUE_CHARS - 1)}…` : oneLine;
}

function fieldValue(value: unknown): string | null {
  if (value === null) return "null";
  if (typeof value === "string") {
    const short = shorten(value);
    return short.includes(" ") || short === "" ? JSON.stringify(short) : short;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "object" && "message" in value && typeof value.message === "string") {
    return JSON.stringify(shorten(value.message));
  }
  return null;
}

/**
 * One pino JSON line as `msg key=value ...`: the level apart, then the message and at most five
 * scalar fields (errors by their message), values cut at 60 characters. Anything that is not a
 * JSON record comes back as it is, with level `out`.
 */
export function formatLogLine(raw: string): FormattedLogLine {
  let record: unknown;
  try {
    record = raw.trimStart().startsWith("{") ? JSON.parse(raw) : undefined;
  } catch {
    record = undefined;
  }
  if (typeof record !== "object" || record === null || Array.isArray(record)) {
    return { level: "out", text: raw.trimEnd() };
  }
  const fields = record as Record<string, unknown>;
  const level =
    typeof fields.level === "number" ? (PINO_LEVELS[fields.level] ?? "info") : String(fields.level ?? "info");
  const parts = typeof fields.msg === "string" ? [fields.msg] : [];
  let shown = 0;
  for (const [key, value] of Object.entries(fields)) {
    if (HIDDEN.has(key) || shown >= MAX_FIELDS) continue;
    const text = fieldValue(value);
    if (text === null) continue;
    parts.push(`${key}=${text}`);
    shown += 1;
  }
  return { level, text: parts.join(" ") };
}
