// Socket-level failures of the connection to PostgreSQL (Node's error codes).
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

// SQLSTATEs meaning the server cannot serve us now: connection exception (08), insufficient
// resources (53), invalid authorization (28), missing database, shutdown, cancelled by timeout.
const SQLSTATE = /^(?:08|53|28)[0-9A-Z]{3}$|^(?:3D000|57P01|57P02|57P03|57014)$/;

// node-postgres and pg-pool report a lost or never-made connection only in the message.
const POOL_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
];

function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * True when the error says PostgreSQL is unreachable or cannot serve requests now (→ 503
 * `dependency_unavailable`), as opposed to a bug such as a malformed query (→ 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  if (error instanceof Error) {
    if (POOL_MESSAGES.some((m) => error.message.startsWith(m))) return true;
    if (error.cause !== undefined && error.cause !== error) return isDatabaseUnavailable(error.cause);
  }
  return false;
}
