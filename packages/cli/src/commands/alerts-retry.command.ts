import { retryFailedWebhooks } from "@tender/db";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";
import { parseUuid } from "../parse-options.js";

/** `tender alerts retry`: failed webhook deliveries back to pending, due now, attempts reset. */
export function registerAlertsRetryCommand(alerts: Command, ctx: CommandContext): void {
  alerts
    .command("retry [id...]")
    .description("send failed webhook deliveries again (one, several, or --all)")
    .option("--all", "retry every failed delivery")
    .option("--json", 'print {"retried":[ids]} as JSON')
    .addHelpText(
      "after",
      `
ID is a delivery id from \`tender alerts list\`. Each delivery goes back to pending with its
attempts reset: the notifier sends it at once and, if that fails, retries it on the usual schedule
(1 minute, then doubling, for 24 hours). Fix the receiver first. Receivers may get an alert twice
(delivery is at least once); they tell repeats apart by the X-Tender-Alert-Id header.

Examples:
  $ tender alerts retry 0b6f1d9e-2a4c-4f3e-9d1b-7c5a8e2f4b10
  $ tender alerts retry --all`,
    )
    .action(async (rawIds: string[], options: { all?: boolean; json?: boolean }) => {
      if (rawIds.length > 0 && options.all) throw new CliError("give either delivery ids or --all, not both");
      if (rawIds.length === 0 && !options.all) {
        throw new CliError("say which deliveries to retry: ids from `tender alerts list`, or --all");
      }
      const ids = [...new Set(rawIds.map((raw) => parseUuid(raw, "a delivery id", "tender alerts list")))];
      const retried = await ctx.withDatabase((db) => retryFailedWebhooks(db, options.all ? "all" : ids));
      const missed = ids.filter((id) => !retried.includes(id));
      if (options.json) ctx.print(JSON.stringify({ retried }));
      else if (options.all && retried.length === 0)
        ctx.print("no failed webhook deliveries; nothing to retry");
      else
        ctx.print(`${retried.length} failed delivery(ies) put back to pending; the notifier sends them now`);
      if (missed.length > 0) {
        throw new CliError(
          `not retried (no failed delivery has this id; see \`tender alerts list\`): ${missed.join(", ")}`,
        );
      }
    });
}
