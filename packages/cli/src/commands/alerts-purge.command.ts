import { purgeFailedWebhooks } from "@tender/db";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";
import { formatAge } from "../format-age.js";
import { parseAge } from "../parse-events-options.js";

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
    .action(async (options: { olderThan?: string; yes?: boolean; json?: boolean }) => {
      const olderThanSeconds =
        options.olderThan === undefined ? undefined : parseAge(options.olderThan, "--older-than");
      const scope = olderThanSeconds === undefined ? "" : ` older than ${formatAge(olderThanSeconds)}`;
      const purged = await ctx.withDatabase((db) =>
        db.transaction().execute(async (trx) => {
          const count = await purgeFailedWebhooks(trx, { olderThanSeconds });
          // Counted by deleting, then undone unless confirmed: the number is exactly what --yes deletes now.
          if (count > 0 && !options.yes) {
            throw new CliError(
              `this deletes ${count} failed webhook delivery(ies)${scope} for good; run again with --yes (see them first: tender alerts list)`,
            );
          }
          return count;
        }),
      );
      if (options.json) ctx.print(JSON.stringify({ purged }));
      else if (purged === 0) ctx.print(`no failed webhook deliveries${scope}; nothing to purge`);
      else ctx.print(`purged ${purged} failed webhook delivery(ies)${scope}`);
    });
}
