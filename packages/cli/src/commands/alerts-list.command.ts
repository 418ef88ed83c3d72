import { listUndeliveredWebhooks, type WebhookDeliveryListing } from "@tender/db";
import type { Command } from "commander";
import type { CommandContext } from "../command-context.js";
import { formatAge, shorten } from "../format-age.js";
import { formatTable } from "../format-table.js";
import { parseLimit } from "../parse-events-options.js";

const MAX_LIST = 10_000;

/** A delivery in the CLI's JSON (snake_case, like every other `--json` output). */
function deliveryJson(d: WebhookDeliveryListing) {
  return {
    id: d.id,
    status: d.status,
    alert_id: d.alertId,
    saved_search_id: d.savedSearchId,
    saved_search_name: d.savedSearchName,
    api_key_name: d.apiKeyName,
    tender_id: d.tenderId,
    tender_title: d.tenderTitle,
    attempts: d.attempts,
    last_error: d.lastError,
    matched_at: d.matchedAt.toISOString(),
    next_attempt_at: d.nextAttemptAt.toISOString(),
    age_seconds: d.ageSeconds,
  };
}

/** `tender alerts list`: failed webhook deliveries (and pending ones with --pending), oldest first. */
export function registerAlertsListCommand(alerts: Command, ctx: CommandContext): void {
  alerts
    .command("list")
    .description("show webhook deliveries that failed, oldest first, with the last error")
    .option("--pending", "also show deliveries still waiting for their next attempt")
    .option("--limit <n>", `show at most N (1 to ${MAX_LIST})`, "50")
    .option("--json", "print a JSON array")
    .addHelpText(
      "after",
      `
Columns: ID = the delivery (pass it to \`tender alerts retry\`), SAVED SEARCH and KEY = whose
alert it is, ATTEMPTS = calls made so far, AGE = time since the match, LAST ERROR = what the
last call got (an HTTP status, a timeout, a refused address). Webhook URLs are not shown: they
often hold the receiver's own secret.

Examples:
  $ tender alerts list
  $ tender alerts list --pending --limit 200
  $ tender alerts list --json | jq '.[].last_error'`,
    )
    .action(async (options: { pending?: boolean; limit: string; json?: boolean }) => {
      const limit = parseLimit(options.limit, MAX_LIST);
      const statuses = options.pending ? (["failed", "pending"] as const) : (["failed"] as const);
      const { deliveries, total } = await ctx.withDatabase((db) =>
        listUndeliveredWebhooks(db, { statuses, limit }),
      );
      if (options.json) {
        ctx.print(JSON.stringify(deliveries.map(deliveryJson)));
        return;
      }
      const what = options.pending ? "failed or pending webhook deliveries" : "failed webhook deliveries";
      if (deliveries.length === 0) {
        ctx.print(`no ${what}`);
        return;
      }
      ctx.print(
        total > deliveries.length
          ? `${total} ${what}; the oldest ${deliveries.length}:`
          : `${total} ${what}:`,
      );
      ctx.print(
        formatTable(
          [
            ...(options.pending ? ["STATUS"] : []),
            "ID",
            "SAVED SEARCH",
            "KEY",
            "TENDER",
            "ATTEMPTS",
            "AGE",
            "LAST ERROR",
          ],
          deliveries.map((d) => [
            ...(options.pending ? [d.status] : []),
            d.id,
            shorten(d.savedSearchName, 30),
            shorten(d.apiKeyName, 20),
            shorten(d.tenderTitle.replace(/\s+/g, " "), 40),
            String(d.attempts),
            formatAge(d.ageSeconds),
            d.lastError === null ? "-" : shorten(d.lastError.replace(/\s+/g, " "), 80),
          ]),
        ),
      );
      if (deliveries.some((d) => d.status === "failed")) {
        ctx.print("\nRetry once the receiver is fixed: tender alerts retry ID (or --all)");
      }
    });
}
