import { listApiKeys } from "@tender/db";
import type { Command } from "commander";
import type { CommandContext } from "../command-context.js";
import { formatTable } from "../format-table.js";

/** `tender keys list`: every key without its hash. */
export function registerKeysListCommand(keys: Command, ctx: CommandContext): void {
  keys
    .command("list")
    .description("list API keys (never the keys or their hashes)")
    .option("--json", "print a JSON array")
    .addHelpText(
      "after",
      `
Examples:
  $ tender keys list
  $ tender keys list --json`,
    )
    .action(async (options: { json?: boolean }) => {
      const rows = await ctx.withDatabase((db) => listApiKeys(db));
      const listed = rows.map((r) => ({
        id: r.id,
        name: r.name,
        enabled: r.enabled,
        limit_per_minute: r.limit_per_minute,
        created_at: r.created_at.toISOString(),
      }));
      if (options.json) {
        ctx.print(JSON.stringify(listed));
        return;
      }
      if (listed.length === 0) {
        ctx.print("no API keys yet; create one with: tender keys create --name NAME --limit-per-minute N");
        return;
      }
      ctx.print(
        formatTable(
          ["ID", "NAME", "ENABLED", "LIMIT/MIN", "CREATED AT"],
          listed.map((k) => [
            k.id,
            k.name,
            k.enabled ? "yes" : "no",
            String(k.limit_per_minute),
            k.created_at,
          ]),
        ),
      );
    });
}
