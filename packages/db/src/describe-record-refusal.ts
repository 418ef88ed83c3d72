/** Longest database message kept in a refusal: it may quote the refused value. */
const MAX_MESSAGE_LENGTH = 300;

// SQLSTATE classes that mean "this row's data": 21 cardinality violation (one statement writing
// a row twice), 22 data exception (a date or text it cannot hold), 23 integrity constraint
// violation, 54 program limit exceeded (an index row too large, a value too deeply nested).
// Anything else (08 connection, 40 serialization failure or deadlock, 53 resources, 57 shutdown)
// is not the record's fault: the page must fail and be retried.
const RECORD_CLASSES = new Set(["21", "22", "23", "54"]);

/** What a refusal says: the SQLSTATE and the database's message, shortened. */
export interface RecordRefusal {
  sqlState: string;
  reason: string;
}

/**
 * When `error` is PostgreSQL refusing the data of one row (SQLSTATE class 21, 22, 23 or 54), the
 * SQLSTATE and a reason naming it, e.g. `database refused it: date/time field value out of range
 * (SQLSTATE 22008)`; otherwise `null`, and the error is not the record's fault.
 */
export function describeRecordRefusal(error: unknown): RecordRefusal | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code) || !RECORD_CLASSES.has(code.slice(0, 2))) {
    return null;
  }
  const text = typeof message === "string" ? message : "no message";
  const short = text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
  const where = typeof constraint === "string" ? `, constraint ${constraint}` : "";
  return { sqlState: code, reason: `database refused it: ${short} (SQLSTATE ${code}${where})` };
}
