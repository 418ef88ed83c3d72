import type { Command } from "commander";
import type { OpsContext } from "../ops-context.js";
import { registerDlqListCommand } from "./events-dlq-list.command.js";
import { registerDlqPurgeCommand } from "./events-dlq-purge.command.js";
import { registerDlqRetryCommand } from "./events-dlq-retry.command.js";
import { registerEventsReplayCommand } from "./events-replay.command.js";

/** `tender events …`: replay events to a consumer and manage the dead-letter stream. */
export function registerEventsCommand(program: Command, ctx: OpsContext): void {
  const events = program
    .command("events")
    .description("replay tender events and manage dead letters (NATS JetStream)")
    .addHelpText(
      "after",
      `
Environment:
  NATS_URL    NATS server (default nats://127.0.0.1:4222)
  BUS_PREFIX  stream and subject name prefix, as the services use it (default: none)

Examples:
  $ tender events replay --consumer indexer --from-seq 1
  $ tender events dlq list
  $ tender events dlq retry --all`,
    );
  registerEventsReplayCommand(events, ctx);
  const dlq = events
    .command("dlq")
    .description("list, retry and purge dead letters (events a consumer gave up on)")
    .addHelpText(
      "after",
      `
Examples:
  $ tender events dlq list
  $ tender events dlq retry 42
  $ tender events dlq purge --yes`,
    );
  registerDlqListCommand(dlq, ctx);
  registerDlqRetryCommand(dlq, ctx);
  registerDlqPurgeCommand(dlq, ctx);
}
