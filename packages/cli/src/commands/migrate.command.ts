import { migrateToLatest } from "@tender/db";
import type { Command } from "commander";
import type { CommandContext } from "../command-context.js";

/** `tender migrate`: applies pending migrations and says which ran. */
export function registerMigrateCommand(program: Command, ctx: CommandContext): void {
  program
    .command("migrate")
    .description("apply every pending database migration (safe to run again)")
    .addHelpText(
      "after",
      `
Prints each migration it applied, or "database is up to date".

Examples:
  $ tender migrate
  $ DATABASE_URL=postgres://app@db.internal:5432/tender tender migrate`,
    )
    .action(async () => {
      const result = await ctx.withDatabase((db) => migrateToLatest(db));
      const applied = (result.results ?? []).filter((r) => r.status === "Success");
      for (const r of applied) ctx.print(`applied migration ${r.migrationName}`);
      ctx.print(
        applied.length === 0
          ? "database is up to date"
          : `database is up to date (${applied.length} migration${applied.length === 1 ? "" : "s"} applied)`,
      );
    });
}
