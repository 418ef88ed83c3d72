import { redactConnectionString } from "@tender/config";

const IS_IT_RUNNING = "is it running? Set DATABASE_URL.";
const CHECK_HOST = "check the host in DATABASE_URL.";

/** Network failures of the driver, as the user should read them, with what to do. */
const NETWORK: Record<string, [string, string]> = {
  ECONNREFUSED: ["connection refused", IS_IT_RUNNING],
  ECONNRESET: ["connection reset", IS_IT_RUNNING],
  ETIMEDOUT: ["timed out", IS_IT_RUNNING],
  EHOSTUNREACH: ["host unreachable", CHECK_HOST],
  ENETUNREACH: ["network unreachable", CHECK_HOST],
  ENOTFOUND: ["host not found", CHECK_HOST],
  EAI_AGAIN: ["host not found", CHECK_HOST],
};

// pg reports a connection that timed out or was cut while opening by message only (no code).
const CONNECTION_LOST =
  /^(?:timeout exceeded when trying to connect|Connection terminated due to connection timeout|Connection terminated unexpectedly)$/;

/**
 * One line saying what went wrong with the database at `url` and what to do about it. Never
 * contains the password or a stack; falls back to the driver's first message line, redacted.
 */
export function describeDatabaseError(error: unknown, url: string): string {
  const { host, port, database, user } = target(url);
  const at = `${host}:${port}`;
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    const network = NETWORK[code];
    if (network) return `cannot reach PostgreSQL at ${at} (${network[0]}) — ${network[1]}`;
    if (code === "3D000") {
      return `database "${database}" does not exist on ${at} — create it (createdb ${database}) or set DATABASE_URL.`;
    }
    if (code === "28P01" || code === "28000") {
      return `PostgreSQL at ${at} refused user "${user}" — check the user and password in DATABASE_URL.`;
    }
    if (code === "42P01")
      return `database "${database}" on ${at} has no tender tables yet — run \`tender migrate\` first.`;
    if (/^[0-9A-Z]{5}$/.test(code)) return `PostgreSQL at ${at} failed (${code}): ${firstLine(cause)}`;
  }
  for (const cause of causes(error)) {
    if (cause instanceof Error && CONNECTION_LOST.test(cause.message)) {
      return `cannot reach PostgreSQL at ${at} (connection timed out or closed) — ${IS_IT_RUNNING}`;
    }
  }
  return `database operation on ${at} failed: ${firstLine(error)}`;
}

/** The error and everything it wraps (`cause`, and the members of an AggregateError). */
function* causes(error: unknown, depth = 0): Generator<unknown> {
  if (error === null || error === undefined || depth > 5) return;
  yield error;
  if (error instanceof AggregateError) for (const inner of error.errors) yield* causes(inner, depth + 1);
  if (error instanceof Error && error.cause !== undefined) yield* causes(error.cause, depth + 1);
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return redactConnectionString(text.split("\n", 1)[0] ?? "").trim() || "unknown error";
}

function target(url: string): { host: string; port: string; database: string; user: string } {
  try {
    const u = new URL(url);
    return {
      host: u.hostname || "localhost",
      port: u.port || "5432",
      database: decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres",
      user: decodeURIComponent(u.username) || "postgres",
    };
  } catch {
    return { host: "localhost", port: "5432", database: "postgres", user: "postgres" };
  }
}
