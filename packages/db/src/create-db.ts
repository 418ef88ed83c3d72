import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./database.js";
import { prepareMarkedStatements } from "./sql/prepared.js";

export interface CreateDbOptions {
  /** Pool size; default 10. */
  max?: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
  /** Server-side `statement_timeout` of every connection; none when absent. */
  statementTimeoutMs?: number;
  /** Server-side `idle_in_transaction_session_timeout` of every connection; none when absent. */
  idleInTransactionTimeoutMs?: number;
  /** How long an unused connection stays open before the pool closes it; default 10000 ms. */
  idleTimeoutMs?: number;
  /** How long to wait for a new connection before failing; default 5000 ms. */
  connectionTimeoutMs?: number;
  /**
   * Server settings every connection starts with (names and values of `SET`, e.g.
   * `searchSettings(…)`): set by the connection's first statement, ahead of any query, so a
   * pooler that refuses startup options (PgBouncer) still lets the connection open. Values are
   * plain words or numbers, checked here.
   */
  sessionSettings?: Readonly<Record<string, string>>;
  /**
   * Run the statements marked with `prepared()` as named prepared statements; default true.
   * False for a pooler that cannot keep them (PgBouncer in transaction mode before 1.21, or
   * with `max_prepared_statements` 0): they are then parsed and planned each time.
   */
  preparedStatements?: boolean;
}

const INT8 = 20;
const DATE = 1082;
// int8 values here are sizes, counts and outbox ids: far below 2^53, so numbers are safe.
// A `date` stays its `YYYY-MM-DD` text: a calendar day has no time zone to be shifted by.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8
      ? (v: string) => Number.parseInt(v, 10)
      : oid === DATE
        ? (v: string) => v
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** One `SET` statement per setting, for a connection's first round trip. */
function setStatements(settings: Readonly<Record<string, string>>): string {
  return Object.entries(settings)
    .map(([name, value]) => {
      if (!/^[a-z_.]+$/.test(name) || !/^[A-Za-z0-9_.-]+$/.test(value))
        throw new Error(`createDb: sessionSettings ${name}=${value} is not a plain setting`);
      return `SET ${name} = '${value}'`;
    })
    .join("; ");
}

/** Opens a kysely database over a pg pool. Close it with `db.destroy()`. */
export function createDb(connectionString: string, options: CreateDbOptions = {}): Kysely<Database> {
  const settings = options.sessionSettings && setStatements(options.sessionSettings);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? "tender",
    // A database that silently drops packets must fail a request in seconds, not after the
    // operating system's TCP timeout.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: options.idleTimeoutMs ?? 10_000,
    // Set by the server on each new connection: a query stuck behind a lock is cancelled
    // (57014) and a forgotten transaction ends its session (25P03) instead of holding locks.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }
      : {}),
    types,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor a checked-out one the server ends (idle in transaction, restart): its query rejects, and
  // the pool drops the dead client on release.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    if (options.preparedStatements !== false) prepareMarkedStatements(client);
    // Queued before the pool hands the client out, so it runs ahead of every query. Failing, it
    // costs only speed (the planner's defaults), and the query that follows reports the cause.
    if (settings) client.query(settings).catch(() => {});
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
