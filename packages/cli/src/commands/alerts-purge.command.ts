import { purgeFailedWebhooks } from "@tender/db";
import type { Command } from "commander";
import type { CommandContext } from "../command-context.js";
import { purgeFailed } from "./purge-failed.js";

/** `tender alerts purge`: deletes failed webhook deliveries, only when confirmed with --yes. */
export function registerAlertsPurgeCommand(alerts: Command, ctx: CommandContext): void {
  alerts
    .command("purge")
    .description("delete failed webhook deliveries for good (asks for --yes)")
    .option("--older-than <age>", "only those whose match is older than this: 90s, 15m, 6h, 7d")
    .option("--yes", "confirm: purged deliveries cannot be retried afterwards")
    .option("--json", 'print {"purged":N} as JSON')
    .addHelpText(
      "after",
      `
Only the deliveries go: the matches stay, and their owner still sees them in the API and the
feed. Pending and delivered deliveries are never touched.

Examples:
  $ tender alerts purge                        # says how many would be deleted
  $ tender alerts purge --older-than 30d --yes`,
    )
    .action((options: { olderThan?: string; yes?: boolean; json?: boolean }) =>
      purgeFailed(
        ctx,
        {
          noun: "failed webhook delivery(ies)",
          none: "failed webhook deliveries",
          hint: " (see them first: tender alerts list)",
          purge: purgeFailedWebhooks,
        },
        options,
      ),
    );
}
