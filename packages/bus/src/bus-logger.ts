type LogFn = (obj: Record<string, unknown>, msg: string) => void;

/** The logging the bus needs; a pino logger fits it. */
export interface BusLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
