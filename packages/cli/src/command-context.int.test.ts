import { useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { createCommandContext } from "./command-context.js";

const t = useTestDatabase();

it("the CLI's connection ends a transaction left idle after a minute and sets no statement timeout", async () => {
  const context = createCommandContext({
    env: { DATABASE_URL: t.url },
    stdout: { write: () => true },
    stderr: { write: () => true },
  });
  const settings = await context.withDatabase(async (db) => {
    const { rows } = await sql<{ idle: string; statement: string }>`
      SELECT current_setting('idle_in_transaction_session_timeout') AS idle,
             current_setting('statement_timeout') AS statement`.execute(db);
    return rows[0];
  });
  expect(settings).toEqual({ idle: "1min", statement: "0" });
});
