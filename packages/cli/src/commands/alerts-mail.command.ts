import { listUnsentEmails, purgeFailedEmails, retryFailedEmails, type UnsentEmailListing } from "@tender/db";
import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";
import { formatAge, shorten } from "../format-age.js";
import { formatTable } from "../format-table.js";
import { parseLimit } from "../parse-events-options.js";
import { parseUuid } from "../parse-options.js";
import { purgeFailed } from "./purge-failed.js";

const MAX_LIST = 10_000;

function emailJson(e: UnsentEmailListing) {
  return {
    id: e.id,
    status: e.status,
    kind: e.kind,
    saved_search_id: e.savedSearchId,
    saved_search_name: e.savedSearchName,
    api_key_name: e.apiKeyName,
    address: e.address,
    channel_status: e.channelStatus,
    attempts: e.attempts,
    last_error: e.lastError,
    age_seconds: e.ageSeconds,
  };
}

/** `tender alerts mail list|retry|purge`: email confirmations and digests that did not go out. */
export function registerAlertsMailCommand(alerts: Command, ctx: CommandContext): void {
  const mail = alerts
    .command("mail")
    .description("list, retry and purge email digests and confirmations that could not be sent")
    .addHelpText(
      "after",
      `
The notifier mails confirmations and digests through SMTP_URL. A temporary refusal (4xx, no
connection) is retried (after 1 minute, then doubling) for 24 hours, then the mail is failed.
The third permanent refusal (5xx) in a row stops the saved search's email: its owner sees why.

Examples:
  $ tender alerts mail list
  $ tender alerts mail retry --all
  $ tender alerts mail purge --older-than 30d --yes`,
    );
  mail
    .command("list")
    .description("show mails that failed, oldest first, with the last error")
    .option("--pending", "also show mails still waiting to be sent")
    .option("--limit <n>", `show at most N (1 to ${MAX_LIST})`, "50")
    .option("--json", "print a JSON array")
    .action(async (options: { pending?: boolean; limit: string; json?: boolean }) => {
      const limit = parseLimit(options.limit, MAX_LIST);
      const statuses = options.pending ? (["failed", "pending"] as const) : (["failed"] as const);
      const { emails, total } = await ctx.withDatabase((db) => listUnsentEmails(db, { statuses, limit }));
      if (options.json) {
        ctx.print(JSON.stringify(emails.map(emailJson)));
        return;
      }
      const what = options.pending ? "failed or pending mails" : "failed mails";
      if (emails.length === 0) {
        ctx.print(`no ${what}`);
        return;
      }
      ctx.print(
        total > emails.length ? `${total} ${what}; the oldest ${emails.length}:` : `${total} ${what}:`,
      );
      ctx.print(
        formatTable(
          [
            ...(options.pending ? ["STATUS"] : []),
            "ID",
            "KIND",
            "SAVED SEARCH",
            "KEY",
            "TO",
            "ATTEMPTS",
            "AGE",
            "LAST ERROR",
          ],
          emails.map((e) => [
            ...(options.pending ? [e.status] : []),
            e.id,
            e.kind,
            shorten(e.savedSearchName, 30),
            shorten(e.apiKeyName, 20),
            shorten(e.address, 40),
            String(e.attempts),
            formatAge(e.ageSeconds),
            e.lastError === null ? "-" : shorten(e.lastError.replace(/\s+/g, " "), 80),
          ]),
        ),
      );
      if (emails.some((e) => e.status === "failed")) {
        ctx.print("\nRetry once the mail server or address is fixed: tender alerts mail retry ID (or --all)");
      }
    });
  mail
    .command("retry [id...]")
    .description("send failed mails again (one, several, or --all); resumes a stopped email")
    .option("--all", "retry every failed mail")
    .option("--json", 'print {"retried":[ids]} as JSON')
    .action(async (rawIds: string[], options: { all?: boolean; json?: boolean }) => {
      if (rawIds.length > 0 && options.all) throw new CliError("give either mail ids or --all, not both");
      if (rawIds.length === 0 && !options.all) {
        throw new CliError("say which mails to retry: ids from `tender alerts mail list`, or --all");
      }
      const ids = [...new Set(rawIds.map((raw) => parseUuid(raw, "a mail id", "tender alerts mail list")))];
      const retried = await ctx.withDatabase((db) => retryFailedEmails(db, options.all ? "all" : ids));
      const missed = ids.filter((id) => !retried.includes(id));
      if (options.json) ctx.print(JSON.stringify({ retried }));
      else if (options.all && retried.length === 0) ctx.print("no failed mails; nothing to retry");
      else ctx.print(`${retried.length} failed mail(s) put back to pending; the notifier sends them now`);
      if (missed.length > 0) {
        throw new CliError(
          `not retried (no failed mail has this id; see \`tender alerts mail list\`): ${missed.join(", ")}`,
        );
      }
    });
  mail
    .command("purge")
    .description("delete failed mails for good (asks for --yes)")
    .option("--older-than <age>", "only those queued longer ago than this: 90s, 15m, 6h, 7d")
    .option("--yes", "confirm: purged mails cannot be retried afterwards")
    .option("--json", 'print {"purged":N} as JSON')
    .action((options: { olderThan?: string; yes?: boolean; json?: boolean }) =>
      purgeFailed(ctx, { noun: "failed mail(s)", none: "failed mails", purge: purgeFailedEmails }, options),
    );
}
