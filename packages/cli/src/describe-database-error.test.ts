import { describe, expect, it } from "vitest";
import { describeDatabaseError } from "./describe-database-error.js";

const url = "postgres://app:hunter2@db.internal:6543/tender";
const withCode = (code: string, message = "driver text") => Object.assign(new Error(message), { code });

describe("describeDatabaseError", () => {
  it("names host and port for network failures, also inside an AggregateError or a cause", () => {
    expect(describeDatabaseError(withCode("ECONNREFUSED"), url)).toBe(
      "cannot reach PostgreSQL at db.internal:6543 (connection refused) — is it running? Set DATABASE_URL.",
    );
    const aggregate = new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "");
    const wrapped = new Error("migration unknown failed", { cause: aggregate });
    expect(describeDatabaseError(wrapped, url)).toContain("(connection refused)");
    expect(describeDatabaseError(withCode("ENOTFOUND"), url)).toBe(
      "cannot reach PostgreSQL at db.internal:6543 (host not found) — check the host in DATABASE_URL.",
    );
  });

  it("says a connection that timed out or was cut while opening cannot reach the server", () => {
    const expected =
      "cannot reach PostgreSQL at db.internal:6543 (connection timed out or closed) — is it running? Set DATABASE_URL.";
    for (const message of [
      "timeout exceeded when trying to connect",
      "Connection terminated due to connection timeout",
      "Connection terminated unexpectedly",
    ]) {
      expect(describeDatabaseError(new Error(message), url)).toBe(expected);
      expect(describeDatabaseError(new Error("wrapped", { cause: new Error(message) }), url)).toBe(expected);
    }
    expect(describeDatabaseError(new Error("Connection terminated by admin"), url)).toBe(
      "database operation on db.internal:6543 failed: Connection terminated by admin",
    );
  });

  it("explains a missing database, a refused login and a missing schema", () => {
    expect(describeDatabaseError(withCode("3D000"), url)).toBe(
      'database "tender" does not exist on db.internal:6543 — create it (createdb tender) or set DATABASE_URL.',
    );
    expect(describeDatabaseError(withCode("28P01"), url)).toBe(
      'PostgreSQL at db.internal:6543 refused user "app" — check the user and password in DATABASE_URL.',
    );
    expect(describeDatabaseError(withCode("42P01"), url)).toContain("run `tender migrate` first");
  });

  it("falls back to the first line of the driver message, with any password masked", () => {
    const other = withCode("23505", "duplicate key value\nDETAIL: Key (x)=(1)");
    expect(describeDatabaseError(other, url)).toBe(
      "PostgreSQL at db.internal:6543 failed (23505): duplicate key value",
    );
    const odd = new Error("lost postgres://app:hunter2@db.internal:6543/tender\n  at stack");
    expect(describeDatabaseError(odd, url)).toBe(
      "database operation on db.internal:6543 failed: lost postgres://app:[REDACTED]@db.internal:6543/tender",
    );
  });

  it("uses PostgreSQL's defaults for parts the URL leaves out", () => {
    expect(describeDatabaseError(withCode("ECONNREFUSED"), "postgres:///x")).toContain("at localhost:5432");
  });
});
