import { setApiKeyEnabled } from "@tender/db";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";
import { parseKeyId } from "../parse-options.js";

/** `tender keys enable ID` and `tender keys disable ID`. */
export function registerKeysToggleCommands(keys: Command, ctx: CommandContext): void {
  for (const enabled of [false, true]) {
    const verb = enabled ? "enable" : "disable";
    keys
      .command(`${verb} <id>`)
      .description(
        enabled ? "accept requests with this key again" : "refuse requests with this key (403), keeping it",
      )
      .addHelpText(
        "after",
        `
ID is the uuid shown by \`tender keys list\`.

Example:
  $ tender keys ${verb} 3f2b8c1e-6c4d-4e0a-9a57-2f1d7c9b0e11`,
      )
      .action(async (rawId: string) => {
        const id = parseKeyId(rawId);
        const found = await ctx.withDatabase((db) => setApiKeyEnabled(db, id, enabled));
        if (!found) throw new CliError(`no API key has id ${id}; see \`tender keys list\``);
        ctx.print(`${enabled ? "enabled" : "disabled"} API key ${id}`);
      });
  }
}
