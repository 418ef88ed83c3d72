type LogFn = (obj: Record<string, unknown>, msg: string) => void;

/** The logging the ingest machinery needs; a pino logger fits it. */
export interface IngestLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
