import { redactConnectionString } from "@tender/config";
import { pino } from "pino";
import { REDACT_PATHS, REDACTED } from "./redact-paths.js";

/** The logger every service and package receives. */
export type Logger = pino.Logger;

export interface LoggerOptions {
  /** A pino level name (`info`, `debug`, …) or `silent`. */
  level: string;
  /** Written as `name` on every line: the service or tool. */
  name: string;
  /** Where JSON lines go; standard output when absent. Tests pass an in-memory stream. */
  destination?: pino.DestinationStream;
}

/**
 * A pino JSON logger that redacts secrets: API keys, tokens, passwords, authorization and
 * `x-api-key` headers by field name, and the password of any connection string anywhere in
 * the line (message, fields, error stacks).
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      name: options.name,
      level: options.level,
      redact: { paths: [...REDACT_PATHS], censor: REDACTED },
      serializers: { err: pino.stdSerializers.err },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Runs on the finished line, so it also covers messages and stacks that field-based
      // redaction cannot see.
      hooks: { streamWrite: redactConnectionString },
    },
    options.destination ?? pino.destination(1),
  );
}
