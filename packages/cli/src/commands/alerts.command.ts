import type { Command } from "commander";
import type { CommandContext } from "../command-context.js";
import { registerAlertsListCommand } from "./alerts-list.command.js";
import { registerAlertsMailCommand } from "./alerts-mail.command.js";
import { registerAlertsPurgeCommand } from "./alerts-purge.command.js";
import { registerAlertsRetryCommand } from "./alerts-retry.command.js";

/** `tender alerts …`: webhook deliveries of saved-search alerts that did not go out. */
export function registerAlertsCommand(program: Command, ctx: CommandContext): void {
  const alerts = program
    .command("alerts")
    .description("list, retry and purge webhook alerts that could not be delivered")
    .addHelpText(
      "after",
      `
The notifier posts each match of a saved search to the saved search's webhook. A delivery that
gets no 2xx answer is retried (after 1 minute, then doubling) for 24 hours, then marked failed.
Failed deliveries stay until you retry or purge them. The matches themselves are never lost:
their owner still sees them in the API and in the saved search's feed.

Examples:
  $ tender alerts list
  $ tender alerts retry --all
  $ tender alerts purge --older-than 30d --yes
  $ tender alerts mail list                    # email digests: the same for mails`,
    );
  registerAlertsListCommand(alerts, ctx);
  registerAlertsRetryCommand(alerts, ctx);
  registerAlertsPurgeCommand(alerts, ctx);
  registerAlertsMailCommand(alerts, ctx);
}
