import { migrations } from "@tender/db";
import { useEmptyTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

describe("tender migrate", () => {
  const target = useEmptyTestDatabase();

  it("applies every migration to an empty database, then reports it up to date", async () => {
    const env = { DATABASE_URL: target.url };
    const first = await runCaptured(["migrate"], env);
    const names = Object.keys(migrations);
    const applied = names.map((name) => `applied migration ${name}\n`).join("");
    const plural = names.length === 1 ? "migration" : "migrations";
    expect(first).toEqual({
      code: 0,
      stdout: `${applied}database is up to date (${names.length} ${plural} applied)\n`,
      stderr: "",
    });
    const again = await runCaptured(["migrate"], env);
    expect(again).toEqual({ code: 0, stdout: "database is up to date\n", stderr: "" });
    // The schema is really there: key commands work on the migrated database.
    expect((await runCaptured(["keys", "list", "--json"], env)).stdout).toBe("[]\n");
  });

  it("explains a database that does not exist", async () => {
    const missing = new URL(target.url);
    missing.pathname = "/tender_no_such_database";
    const { code, stdout, stderr } = await runCaptured(["migrate"], { DATABASE_URL: missing.toString() });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^error: database "tender_no_such_database" does not exist on [^ ]+ — create it \(createdb tender_no_such_database\) or set DATABASE_URL\.\n$/,
    );
  });
});
