import { createApiKey } from "@tender/db";
import type { Command } from "commander";
import type { CommandContext } from "../command-context.js";
import { MAX_LIMIT_PER_MINUTE, parseKeyName, parseLimitPerMinute } from "../parse-options.js";

interface CreateOptions {
  name: string;
  limitPerMinute: string;
  json?: boolean;
}

/** `tender keys create`: issues a key and prints its plaintext, the only time it exists. */
export function registerKeysCreateCommand(keys: Command, ctx: CommandContext): void {
  keys
    .command("create")
    .description("issue a new API key (printed once, never stored)")
    .requiredOption("--name <name>", "who or what the key is for (shown in `tender keys list`)")
    .requiredOption(
      "--limit-per-minute <n>",
      `Search + Ask requests allowed per UTC minute (1 to ${MAX_LIMIT_PER_MINUTE})`,
    )
    .option("--json", 'print only {"id","key","limit_per_minute"} as JSON')
    .addHelpText(
      "after",
      `
Only the SHA-256 hash of the key is stored: copy the key when it is printed.

Examples:
  $ tender keys create --name ci --limit-per-minute 60
  $ tender keys create --name partner-x --limit-per-minute 600 --json`,
    )
    .action(async (options: CreateOptions) => {
      const name = parseKeyName(options.name);
      const limitPerMinute = parseLimitPerMinute(options.limitPerMinute);
      const created = await ctx.withDatabase((db) => createApiKey(db, { name, limitPerMinute }));
      if (options.json) {
        const { id, key, limit_per_minute } = created;
        ctx.print(JSON.stringify({ id, key, limit_per_minute }));
        ctx.warn("warning: store this key now; it will not be shown again.");
        return;
      }
      ctx.print(
        `Created API key ${JSON.stringify(created.name)} (id ${created.id}), ${limitPerMinute} requests per minute:`,
      );
      ctx.print();
      ctx.print(`    ${created.key}`);
      ctx.print();
      ctx.print("Store it now: it will not be shown again (only its SHA-256 hash is kept).");
      ctx.print("Send it in the X-API-Key header.");
    });
}
