// scheme://user:password@ — the password stops at whitespace, a quote or a slash, and runs to the
// last "@" before that, so an unencoded "@" inside it is still covered. A JSON escape (\") never
// ends it early, which keeps this safe to run over a serialized log line.
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:/@"]*):(?:[^\s"\\/]|\\.)*@/gi;

/** Replaces the password of every `scheme://user:password@…` in `text` with `[REDACTED]`. */
export function redactConnectionString(text: string): string {
  return text.replace(URL_PASSWORD, "$1:[REDACTED]@");
}
