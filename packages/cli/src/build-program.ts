import { ConfigError, redactConnectionString } from "@tender/config";
import { Command, CommanderError } from "commander";
import type { CliDeps } from "./cli-deps.js";
import { DEFAULT_DATABASE_URL } from "./cli-env.js";
import { CliError } from "./cli-error.js";
import { createCommandContext } from "./command-context.js";
import { registerAlertsCommand } from "./commands/alerts.command.js";
import { registerEventsCommand } from "./commands/events.command.js";
import { registerIngestCommand } from "./commands/ingest.command.js";
import { registerKeysCommand } from "./commands/keys.command.js";
import { registerMigrateCommand } from "./commands/migrate.command.js";
import { registerReindexCommand } from "./commands/reindex.command.js";
import { registerRemapCommand } from "./commands/remap.command.js";
import { registerStatusCommand } from "./commands/status.command.js";
import { registerSyncCommand } from "./commands/sync.command.js";
import { createOpsContext } from "./ops-context.js";

/** The `tender` program wired to `deps`. Parsing problems throw `CommanderError` (no process exit). */
export function buildProgram(deps: CliDeps): Command {
  const program = new Command("tender")
    .description(
      "Operator tools for the tender search service: migrations, API keys, sources, reindexing, facet remapping, pipeline status, event replay, dead letters and undelivered alerts.",
    )
    // Settings made here are copied to every subcommand created below.
    .exitOverride()
    .configureOutput({ writeOut: (s) => deps.stdout.write(s), writeErr: (s) => deps.stderr.write(s) })
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText(
      "after",
      `
Environment:
  DATABASE_URL  PostgreSQL to work on (default ${DEFAULT_DATABASE_URL})
  NATS_URL      NATS JetStream, for status and events (default nats://127.0.0.1:4222)
  BUS_PREFIX    stream and subject name prefix, as the services use it (default: none)

Examples:
  $ tender migrate
  $ tender keys create --name ci --limit-per-minute 60
  $ tender keys list --json
  $ tender status
  $ tender events dlq list
  $ tender alerts list
  $ tender help keys`,
    );
  const ctx = createCommandContext(deps);
  registerMigrateCommand(program, ctx);
  registerKeysCommand(program, ctx);
  registerIngestCommand(program, ctx, deps.env);
  registerSyncCommand(program, ctx, deps.env, deps.signals ?? { once: () => {} });
  registerReindexCommand(program, ctx, deps.env);
  registerRemapCommand(program, ctx);
  const ops = createOpsContext(deps);
  registerStatusCommand(program, ops);
  registerEventsCommand(program, ops);
  registerAlertsCommand(program, ops);
  return program;
}

/**
 * Runs `tender` with `args` (without `node` and the script) and returns the exit code. Every
 * failure ends as one `error: …` message on stderr, never a stack trace.
 */
export async function runCli(args: readonly string[], deps: CliDeps): Promise<number> {
  try {
    await buildProgram(deps).parseAsync(args, { from: "user" });
    return 0;
  } catch (error) {
    // Commander has already printed its own message (or the help) by now.
    if (error instanceof CommanderError) return error.exitCode;
    deps.stderr.write(`error: ${describeFailure(error)}\n`);
    return 1;
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof CliError || error instanceof ConfigError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `unexpected failure: ${redactConnectionString(message.split("\n", 1)[0] ?? "")}`;
}
