import type { Command } from "commander";
import type { CommandContext } from "../command-context.js";
import { registerKeysCreateCommand } from "./keys-create.command.js";
import { registerKeysListCommand } from "./keys-list.command.js";
import { registerKeysToggleCommands } from "./keys-toggle.command.js";

/** `tender keys …`: issue, list, disable and enable API keys. */
export function registerKeysCommand(program: Command, ctx: CommandContext): void {
  const keys = program
    .command("keys")
    .description("manage API keys (sent by clients in the X-API-Key header)")
    .addHelpText(
      "after",
      `
Examples:
  $ tender keys create --name ci --limit-per-minute 60
  $ tender keys list
  $ tender keys disable 3f2b8c1e-6c4d-4e0a-9a57-2f1d7c9b0e11`,
    );
  registerKeysCreateCommand(keys, ctx);
  registerKeysListCommand(keys, ctx);
  registerKeysToggleCommands(keys, ctx);
}
