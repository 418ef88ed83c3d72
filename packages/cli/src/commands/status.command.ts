import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { OpsContext } from "../ops-context.js";
import { formatStatus } from "./format-status.js";
import { type BusStatus, type DatabaseStatus, readBusStatus, readDatabaseStatus } from "./status-report.js";

type Part<T> = T | { error: string };

async function attempt<T>(read: () => Promise<T>): Promise<Part<T>> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof CliError) return { error: error.message };
    throw error;
  }
}

/** `tender status`: where every tender, attachment and event is, from PostgreSQL and JetStream. */
export function registerStatusCommand(program: Command, ctx: OpsContext): void {
  program
    .command("status")
    .description(
      "show the pipeline: tenders, attachments, outbox, quarantine by reason, webhook alerts, consumers, dead letters, sources",
    )
    .option("--json", "print one JSON object with a `database` and a `bus` part")
    .addHelpText(
      "after",
      `
Reads PostgreSQL (DATABASE_URL) and NATS JetStream (NATS_URL, BUS_PREFIX). Changes nothing.
When one of them cannot be read, the other is still shown and the exit code is 1.

Quarantined records are grouped by source and reason (line numbers and quoted values left out),
the 10 most frequent first.

Webhook alerts: pending = waiting for their first call or a retry; due now = their time has
come (a number that stays high means the notifier is down or behind); failed = retries ran out
(see \`tender alerts list\`).

Consumers: indexer and downloader read tender changes, notifier reads indexed tenders.
Consumer columns: PENDING = events not yet delivered, ACK PENDING = delivered and not yet
acknowledged (being handled), REDELIVERED = delivered more than once (failures, timeouts).

Examples:
  $ tender status
  $ tender status --json | jq .bus.consumers`,
    )
    .action(async (options: { json?: boolean }) => {
      const [database, bus] = await Promise.all([
        attempt<DatabaseStatus>(() => ctx.withDatabase((db) => readDatabaseStatus(db))),
        attempt<BusStatus>(() => ctx.withBus(({ jsm, topology }) => readBusStatus(jsm, topology))),
      ]);
      ctx.print(options.json ? JSON.stringify({ database, bus }) : formatStatus(database, bus));
      const missing = [...("error" in database ? ["the database"] : []), ...("error" in bus ? ["NATS"] : [])];
      if (missing.length > 0)
        throw new CliError(`status is incomplete: ${missing.join(" and ")} could not be read`);
    });
}
