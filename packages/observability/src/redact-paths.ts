/** Field names whose values never reach a log line, at the top level and up to two levels deep. */
export const SECRET_FIELDS = [
  "apiKey",
  "api_key",
  "key",
  "authorization",
  "password",
  "secret",
  "token",
  "AI_API_KEY",
] as const;

/** pino redaction paths: every secret field at depth 0-2, plus the credential headers. */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ...["x-api-key", "cookie", "set-cookie"].flatMap((header) => [
    `headers["${header}"]`,
    `*.headers["${header}"]`,
    `req.headers["${header}"]`,
  ]),
];

/** What a redacted value is replaced with. */
export const REDACTED = "[REDACTED]";
